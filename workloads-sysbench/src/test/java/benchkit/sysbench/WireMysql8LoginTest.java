package benchkit.sysbench;

import benchkit.mysql.script.ScriptSessions;
import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * --driver wire logs in to the embedded MySQL 8.0.15 as users of caching_sha2_password (MySQL 8's
 * default): the full path (the server has no cached hash yet) with the password RSA-encrypted over TCP
 * and in clear over the unix socket, then the fast path.
 */
@Timeout(600)
class WireMysql8LoginTest {
    private static ServerHandle server;
    private static Target root;
    private static final String PASSWORD = HexFormat.of().formatHex(new SecureRandom().generateSeed(10));

    @BeforeAll
    static void start() throws Exception {
        server = new MysqlLauncher().launch(new ServerSpec("mysql-8.0", Map.of(), AllocatorSpec.GLIBC, ""));
        root = server.target();
        try (Connection c = ScriptSessions.resolve("test", root, "mariadb", "tcp").open(false); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS sbtest");
            for (String user : new String[]{"sha2tcp", "sha2sock"}) {
                for (String host : new String[]{"127.0.0.1", "localhost"}) {
                    s.execute("CREATE USER '" + user + "'@'" + host + "' IDENTIFIED WITH caching_sha2_password BY '" + PASSWORD + "'");
                    s.execute("GRANT ALL ON sbtest.* TO '" + user + "'@'" + host + "'");
                }
            }
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static void logInAndQuery(String user, String password, String transport) throws Exception {
        Target t = root.toBuilder().user(user).password(password).database("sbtest").build();
        try (WireConnection c = ScriptSessions.resolve("test", t, "wire", transport).openWire()) {
            c.query("SELECT CURRENT_USER()");
            c.awaitReply();
            assertNull(c.error());
            assertEquals(1, c.rows());
            assertFalse(c.metadataCached(), "MySQL has no MariaDB capabilities");
        }
    }

    @Test
    void fullPathOverTcpEncryptsWithTheServersKeyThenTheFastPathServes() throws Exception {
        logInAndQuery("sha2tcp", PASSWORD, "tcp");
        logInAndQuery("sha2tcp", PASSWORD, "tcp");
    }

    @Test
    void fullPathOverTheSocketSendsThePasswordThenTheFastPathServes() throws Exception {
        logInAndQuery("sha2sock", PASSWORD, "socket");
        logInAndQuery("sha2sock", PASSWORD, "socket");
    }

    @Test
    void aWrongPasswordIsDenied() {
        WireError e = assertThrows(WireError.class, () -> logInAndQuery("sha2tcp", "x" + PASSWORD, "tcp"));
        assertEquals(1045, e.code());
    }
}
