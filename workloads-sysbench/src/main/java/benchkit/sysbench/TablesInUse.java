package benchkit.sysbench;

import benchkit.mysql.script.ScriptSessions;
import benchkit.spi.InvalidOptionException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How the server tells one bench run that another uses the sbtest tables of a database: a named lock per database
 * ({@code GET_LOCK}, in MariaDB and MySQL alike), held on a connection of its own from the run's prepare or first
 * session until the run ends (or its connection does). A prepare or cleanup, which drop the tables, takes it first, and
 * refuses when another connection holds it: the run measuring them would fail mid-iteration. The lock is exclusive: a
 * second run sharing prepared tables does not get it, and goes on (the first holds it). Nothing is asked per event.
 */
final class TablesInUse implements AutoCloseable {
    /** MySQL 5.7+ refuses a lock name longer than this. */
    private static final int MAX_NAME = 64;
    private static final String PREFIX = "benchkit-tables:";

    private final ScriptSessions connector;
    private final String where;
    /** The connection holding the lock; null while none does. */
    private Connection holder;
    /** Whether this run tried to take the lock for its sessions already (once a run is enough). */
    private boolean tried;

    /**
     * The lock of each server's database, one per process: a process is one run to the others, and its workload objects
     * (a test's several, or a run's and a later cleanup's) share one holder, never refusing one another.
     */
    private static final Map<String, TablesInUse> IN_THIS_PROCESS = new ConcurrentHashMap<>();

    /** This process's lock of {@code connector}'s database on {@code where} (host:port). */
    static TablesInUse of(ScriptSessions connector, String where) {
        return IN_THIS_PROCESS.computeIfAbsent(where + "/" + connector.databaseName(), k -> new TablesInUse(connector, where));
    }

    /** @param where the server, as the refusal names it (host:port) */
    TablesInUse(ScriptSessions connector, String where) {
        this.connector = connector;
        this.where = where;
    }

    /** The lock's name for {@code database}: the name itself while it fits, else a digest of it. */
    static String lockName(String database) {
        String name = PREFIX + database;
        if (name.length() <= MAX_NAME) {
            return name;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(database.getBytes(StandardCharsets.UTF_8));
            return PREFIX + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Holds the lock while this run's sessions use the tables, unless another run holds it; a server that cannot lock
     * (a proxy refusing GET_LOCK) leaves the tables unguarded, as before, rather than fail the run.
     */
    synchronized void use() {
        if (tried) {
            return;
        }
        tried = true;
        try {
            lock();
        } catch (SQLException e) {
            closeHolder();
        }
    }

    /**
     * Takes the lock before this run drops the tables ({@code what}: "prepare", "cleanup"), and refuses, one line, when
     * another connection holds it: another bench run uses them.
     */
    synchronized void requireUnused(String what) {
        tried = true;
        Long other;
        try {
            if (lock()) {
                return;
            }
            other = owner();
        } catch (SQLException e) {
            closeHolder();
            return;     // no way to tell: as before
        }
        if (other == null) {
            return;     // released in between: the next run's prepare asks again
        }
        String database = connector.databaseName();
        throw new InvalidOptionException(what + " would drop the tables of database " + database + " on " + where
                + ", which another bench run is using (" + describe(other) + " holds the lock '" + lockName(database)
                + "'): give this run its own --mysql-db, or wait until that run ends");
    }

    /**
     * The lock's name as a hex literal, in plain statements rather than prepared ones: a sysbench line's server counts
     * (Com_stmt_prepare, SysbenchDropInIT) stay sysbench's, and no name needs escaping.
     */
    private String nameLiteral() {
        return "X'" + HexFormat.of().formatHex(lockName(connector.databaseName()).getBytes(StandardCharsets.UTF_8)) + "'";
    }

    /** Whether this run holds the lock now (taking it if free). */
    private boolean lock() throws SQLException {
        if (holder == null) {
            holder = connector.open(false);
        }
        try (Statement s = holder.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT GET_LOCK(" + nameLiteral() + ", 0)")) {
                boolean held = r.next() && r.getInt(1) == 1;
                if (!held) {
                    closeHolder();
                }
                return held;
            }
        }
    }

    /** The connection id that holds the lock, or null when none does. */
    private Long owner() throws SQLException {
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT IS_USED_LOCK(" + nameLiteral() + ")")) {
                long id = r.next() ? r.getLong(1) : 0;
                return r.wasNull() || id == 0 ? null : id;
            }
        }
    }

    /** "connection 42 (bench@10.0.0.2:51234)", or the id alone when this user may not see that connection. */
    private String describe(long id) {
        try (Connection c = connector.open(false);
             Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT USER, HOST FROM information_schema.PROCESSLIST WHERE ID = " + id)) {
                if (r.next()) {
                    return "connection " + id + " (" + r.getString(1) + "@" + r.getString(2) + ")";
                }
            }
        } catch (SQLException e) {
            // the id alone names it
        }
        return "connection " + id;
    }

    /** Releases the lock (its connection closed ends it); a later run of this process takes it again. */
    @Override
    public synchronized void close() {
        tried = false;
        closeHolder();
    }

    private void closeHolder() {
        if (holder != null) {
            try {
                holder.close();
            } catch (SQLException e) {
                // a connection that cannot close is gone: so is its lock
            }
            holder = null;
        }
    }
}
