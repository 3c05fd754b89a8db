package benchkit.containers;

import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;

/** Waits until a MySQL-family server in a container accepts our login, and learns what it is. */
final class JdbcReadiness {
    private JdbcReadiness() {
    }

    static Target await(ServerContainer container, String password, String database, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!container.isRunning()) {
                throw new IllegalStateException("the server exited before it accepted connections");
            }
            int port = container.hostPort();
            Properties p = new Properties();
            p.setProperty("user", "root");
            p.setProperty("password", password);
            p.setProperty("connectTimeout", "2000");
            p.setProperty("allowPublicKeyRetrieval", "true"); // MySQL 8's caching_sha2_password without TLS
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/" + database, p);
                 Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT VERSION()")) {
                rs.next();
                String version = rs.getString(1);
                return Target.builder().host("127.0.0.1").port(port).user("root").password(password)
                        .database(database).product(version.contains("MariaDB") ? "MariaDB" : "MySQL")
                        .version(version).build();
            } catch (SQLException e) {
                last = Secrets.mask(String.valueOf(e.getMessage()), password);
                Thread.sleep(250);
            }
        }
        throw new IllegalStateException("the server did not accept connections within " + timeout.toSeconds()
                + " s (last: " + last.lines().findFirst().orElse("") + ")");
    }
}
