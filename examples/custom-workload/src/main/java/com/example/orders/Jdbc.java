package com.example.orders;

import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** Connections to the benchmark target through the MariaDB driver bench.jar ships. */
final class Jdbc {
    private Jdbc() {
    }

    static Connection connect(Target target, boolean withDatabase) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", target.user());
        if (!target.password().isEmpty()) {
            p.setProperty("password", target.password()); // in properties, never in the URL or a log
        }
        p.setProperty("useServerPrepStmts", "true");
        p.setProperty("sslMode", "disable");
        String url = "jdbc:mariadb://" + target.host() + ":" + target.port() + "/"
                + (withDatabase ? target.database() : "");
        return DriverManager.getConnection(url, p);
    }
}
