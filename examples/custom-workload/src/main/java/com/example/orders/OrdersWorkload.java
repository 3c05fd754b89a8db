package com.example.orders;

import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Target;
import benchkit.spi.annotations.AnnotatedWorkload;
import benchkit.spi.annotations.BenchWorkload;
import benchkit.spi.annotations.Event;
import benchkit.spi.annotations.Param;
import benchkit.spi.annotations.Setup;
import benchkit.spi.annotations.State;
import benchkit.spi.annotations.TearDown;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;

/**
 * An orders table under 90% point lookups and 10% inserts, written the JMH way. benchkit adapts
 * this class to its workload SPI: the {@code @Param} fields become {@code --customers} and
 * {@code --table}, the trial setup loads the table, every client thread gets its own {@link Client}.
 */
@BenchWorkload(name = "example-orders", description = "point lookups and inserts on an orders table (plugin example)")
public class OrdersWorkload implements AnnotatedWorkload {

    @Param(description = "orders loaded before each trial; lookups pick one of them", min = 1, max = 10_000_000)
    public int orders = 10_000;

    @Param(description = "name of the table")
    public String table = "example_orders";

    @Param(description = "drop the table after each trial")
    public boolean dropAfter = true;

    /** Before the trial's sessions open: create the table and load it, so every trial starts alike. */
    @Setup
    public void load(Target target) throws SQLException {
        try (Connection c = Jdbc.connect(target, false); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + target.database() + "`");
            s.execute("USE `" + target.database() + "`");
            s.execute("DROP TABLE IF EXISTS " + table);
            s.execute("CREATE TABLE " + table + " (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, "
                    + "customer INT NOT NULL, amount DECIMAL(10,2) NOT NULL, KEY (customer)) ENGINE=InnoDB");
            SplittableRandom random = new SplittableRandom(1);
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO " + table + " (id, customer, amount) VALUES (?, ?, ?)")) {
                for (int id = 1; id <= orders; id++) {
                    insert.setLong(1, id);
                    insert.setInt(2, random.nextInt(1000));
                    insert.setDouble(3, random.nextInt(100_000) / 100.0);
                    insert.addBatch();
                    if (id % 1000 == 0 || id == orders) {
                        insert.executeBatch();
                    }
                }
            }
        }
    }

    /** After the trial's last session closed. */
    @TearDown
    public void drop(Target target) throws SQLException {
        if (!dropAfter) {
            return;
        }
        try (Connection c = Jdbc.connect(target, true); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    /** One per client thread: its connection and prepared statements. */
    @State
    public static class Client {
        Connection connection;
        PreparedStatement lookup;
        PreparedStatement insert;
        final SplittableRandom random = new SplittableRandom();

        @Setup
        public void open(Target target, OrdersWorkload workload) throws SQLException {
            connection = Jdbc.connect(target, true);
            lookup = connection.prepareStatement("SELECT customer, amount FROM " + workload.table + " WHERE id = ?");
            insert = connection.prepareStatement("INSERT INTO " + workload.table + " (customer, amount) VALUES (?, ?)");
        }

        @TearDown
        public void close() throws SQLException {
            if (connection != null) {
                connection.close(); // closes its statements too
            }
        }
    }

    @Event(weight = 9)
    public void lookup(Client client, QueryCounter queries) throws SQLException {
        client.lookup.setLong(1, 1 + client.random.nextInt(orders));
        try (ResultSet rs = client.lookup.executeQuery()) {
            while (rs.next()) {
                // read the row as an application would
            }
        }
        queries.reads(1);
    }

    @Event(weight = 1)
    public Outcome insert(Client client, QueryCounter queries) throws SQLException {
        client.insert.setInt(1, client.random.nextInt(1000));
        client.insert.setDouble(2, client.random.nextInt(100_000) / 100.0);
        try {
            client.insert.executeUpdate();
        } catch (SQLException e) {
            if (e.getErrorCode() == 1213) { // deadlock: rolled back by the server, the run goes on
                return Outcome.IGNORED_ERROR;
            }
            throw e; // anything else ends the run with this message
        }
        queries.writes(1);
        return Outcome.OK;
    }
}
