package com.example.pointselect;

import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Outcome;
import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SpiVersion;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;

/** The SPI path of docs/plugins.md §5, compiled and run by benchkit's CI exactly as the docs show it. */
public final class PointSelectFactory implements WorkloadFactory {
    private static final List<OptionSpec> OPTIONS = List.of(
            new OptionSpec("rows", "10000", "rows in the table"));

    public String name() { return "my-point-select"; }
    public String description() { return "primary-key lookups on one table"; }
    public List<OptionSpec> options() { return OPTIONS; }
    // the SPI this plugin was built for: the constant is compiled in here, so bench can tell a plugin built for another
    public int spiVersion() { return SpiVersion.CURRENT; }

    public Workload create(Map<String, String> given) {
        int rows = OptionValues.parse(name(), OPTIONS, given).intValue("rows", 1, 100_000_000);
        return new PointSelect(rows);
    }
}

final class PointSelect implements Workload {
    private final int rows;
    PointSelect(int rows) { this.rows = rows; }

    static Connection connect(Target t) throws SQLException {
        Properties p = new Properties();                 // the password in properties, never in the URL
        p.setProperty("user", t.user());
        p.setProperty("password", t.password());
        return DriverManager.getConnection("jdbc:mariadb://" + t.host() + ":" + t.port() + "/", p);
    }

    @Override public boolean isPrepared(Target t) throws SQLException {
        try (Connection c = connect(t); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables"
                     + " WHERE table_schema = '" + t.database() + "' AND table_name = 'my_point_select'")) {
            return rs.next() && rs.getInt(1) == 1;
        }
    }

    @Override public void prepare(Target t, PrepareContext ctx) throws SQLException {
        try (Connection c = connect(t); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + t.database() + "`");
            s.execute("CREATE TABLE `" + t.database() + "`.my_point_select (id INT PRIMARY KEY, c CHAR(120))");
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO `" + t.database() + "`.my_point_select VALUES (?, REPEAT('x', 120))")) {
                for (int id = 1; id <= rows; id++) {
                    insert.setInt(1, id);
                    insert.addBatch();
                    if (id % 1000 == 0 || id == rows) {
                        insert.executeBatch();
                        ctx.progress("my_point_select", id, rows);
                    }
                }
            }
        }
    }

    @Override public void cleanup(Target t) throws SQLException {
        try (Connection c = connect(t); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS `" + t.database() + "`.my_point_select");
        }
    }

    @Override public Session openSession(Target t, SessionContext ctx) throws SQLException {
        Connection c = connect(t);                      // one connection per thread
        PreparedStatement ps = c.prepareStatement(
                "SELECT c FROM `" + t.database() + "`.my_point_select WHERE id = ?");
        SplittableRandom random = new SplittableRandom();
        QueryCounter queries = ctx.queries();
        return new Session() {
            public Outcome execute() throws SQLException {
                ps.setInt(1, 1 + random.nextInt(rows));
                try (ResultSet rs = ps.executeQuery()) { while (rs.next()) { } }
                queries.reads(1);
                return Outcome.OK;
            }
            public void close() throws SQLException { c.close(); }
        };
    }
}
