package benchkit.history;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The store of runs: one SQLite file by default, or the same tables on a shared MySQL, MariaDB or PostgreSQL server
 * when the location is a {@code jdbc:} URL (its password from {@value #PASSWORD_ENV}, never in the URL, where process
 * lists and logs would show it).
 *
 * <p>Tables: {@code bench_run} (one row a run, its two result files whole), {@code bench_run_label} and, for SQL users
 * and dashboards, {@code bench_measurement} (one row per value of every metric, fork and iteration). Analysis reads
 * the stored files back through bench's own reader, so what the store answers is what the result directory would.
 */
public final class HistoryStore implements AutoCloseable {
    /** Where the store's password comes from when it is a server. */
    public static final String PASSWORD_ENV = "BENCHKIT_HISTORY_PASSWORD";
    /** The default store when {@code --history} is not given. */
    public static final String DEFAULT_ENV = "BENCHKIT_HISTORY";
    public static final Path DEFAULT_FILE = Path.of("bench-results", "history.sqlite");
    private static final int SCHEMA = 1;
    /** Held so java.util.logging does not forget the level (it keeps loggers weakly). */
    private static final Logger POSTGRESQL_LOG = Logger.getLogger("org.postgresql");

    static {
        // the PostgreSQL driver warns on stderr of a URL it cannot read, before bench's own one-line error: it says
        // nothing unless BENCH_DEBUG asks for libraries' logs (as spymemcached in bench's memcached client)
        POSTGRESQL_LOG.setLevel(System.getenv("BENCH_DEBUG") != null ? Level.WARNING : Level.OFF);
    }

    private final Connection connection;
    private final String location;
    private final Kind kind;

    /** The databases a store can be in, and the one thing their tables differ in. */
    private enum Kind {
        SQLITE("TEXT"),
        // MySQL's TEXT holds 64 KB, less than a run's files
        MYSQL("LONGTEXT"),
        POSTGRESQL("TEXT");

        /** The type of a column that holds a run's file whole. */
        final String text;

        Kind(String text) {
            this.text = text;
        }
    }

    private HistoryStore(Connection connection, String location, Kind kind) {
        this.connection = connection;
        this.location = location;
        this.kind = kind;
    }

    /** The store the user named: {@code --history}, else {@value #DEFAULT_ENV}, else {@link #DEFAULT_FILE}. */
    public static String defaultLocation() {
        String env = System.getenv(DEFAULT_ENV);
        return env != null && !env.isBlank() ? env : DEFAULT_FILE.toString();
    }

    /**
     * Opens (and on first use creates) the store at {@code location}: a file path, or a {@code jdbc:sqlite:},
     * {@code jdbc:mariadb:}, {@code jdbc:mysql:} or {@code jdbc:postgresql:} URL. Bad locations are refused with one
     * line (IllegalArgumentException); a server that cannot be reached gives an SQLException.
     */
    public static HistoryStore open(String location) throws SQLException {
        return open(location, System.getenv(PASSWORD_ENV), true);
    }

    /**
     * As {@link #open(String)}; with {@code create} false, a store file that is not there is refused (a mistyped
     * {@code --history} of a report or a check would otherwise make an empty store and find no trend in it).
     */
    public static HistoryStore open(String location, boolean create) throws SQLException {
        return open(location, System.getenv(PASSWORD_ENV), create);
    }

    static HistoryStore open(String location, String password) throws SQLException {
        return open(location, password, true);
    }

    static HistoryStore open(String location, String password, boolean create) throws SQLException {
        if (location.isBlank()) {
            // an empty name would resolve to the working directory: "'' is a directory" tells the user nothing
            throw new IllegalArgumentException("no store named (an empty name); name a file, e.g. history.sqlite, or a"
                    + " jdbc:mariadb:, jdbc:mysql: or jdbc:postgresql: URL");
        }
        Properties props = new Properties();
        String lower = location.toLowerCase(Locale.ROOT);
        boolean mysql = lower.startsWith("jdbc:mariadb:") || lower.startsWith("jdbc:mysql:");
        boolean postgresql = lower.startsWith("jdbc:postgresql:");
        if (mysql || postgresql) {
            // a password anywhere in the URL (password=, sslpassword=, pwd=, user:password@ in its host part) would
            // show in process lists, CI logs and this command's own messages
            if (lower.contains("password") || lower.contains("pwd=")
                    || lower.matches("jdbc:(mariadb|mysql|postgresql):(//)?[^/?]*:[^/?@]*@.*")) {
                throw new IllegalArgumentException("the URL holds a password; put it in " + PASSWORD_ENV
                        + ", not in the URL (a URL shows in process lists and logs)");
            }
            if (password != null) {
                props.setProperty("password", password);
            }
            // the drivers take the scheme in lower case only
            String rest = location.substring(location.indexOf(':', 5) + 1);
            Connection c;
            if (mysql) {
                props.setProperty("connectTimeout", "10000");
                try {
                    c = new org.mariadb.jdbc.Driver().connect("jdbc:mariadb:" + rest, props);
                } catch (IllegalArgumentException e) {   // the driver's own check of the URL, e.g. "port out of range"
                    throw new IllegalArgumentException(location + " is not a valid URL: " + e.getMessage());
                }
            } else {
                String url = "jdbc:postgresql:" + rest;
                if (org.postgresql.Driver.parseURL(url, null) == null) {      // the driver's own check of the URL
                    throw new IllegalArgumentException(location + " is not a valid URL; expected"
                            + " jdbc:postgresql://HOST[:PORT]/DATABASE?user=USER");
                }
                // seconds here: the TCP connect, and the whole log-in with it
                props.setProperty("connectTimeout", "10");
                props.setProperty("loginTimeout", "10");
                try {
                    c = new org.postgresql.Driver().connect(url, props);
                } catch (SQLException e) {
                    // the driver's "The connection attempt failed." alone does not say that the host is unknown
                    if (e.getCause() instanceof java.net.UnknownHostException u) {
                        throw new SQLException(e.getMessage() + " (unknown host " + u.getMessage() + ")",
                                e.getSQLState(), e);
                    }
                    throw e;
                }
            }
            return new HistoryStore(c, location, mysql ? Kind.MYSQL : Kind.POSTGRESQL).prepared(create);
        }
        if (lower.startsWith("jdbc:") && !lower.startsWith("jdbc:sqlite:")) {
            throw new IllegalArgumentException(location + " is not a store bench can use; expected a file,"
                    + " or a jdbc:sqlite:, jdbc:mariadb:, jdbc:mysql: or jdbc:postgresql: URL");
        }
        String file = lower.startsWith("jdbc:sqlite:") ? location.substring("jdbc:sqlite:".length()) : location;
        Path path = benchkit.core.result.FileNames.path(file);
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(location + " is a directory; name a file, e.g. "
                    + path.resolve("history.sqlite"));
        }
        if (!create && !Files.exists(path)) {
            // before any directory is made: a read (list, report, check) creates nothing, in a read-only place neither
            throw new IllegalArgumentException(location + ": no history store there; bench history add DIR"
                    + " (or --history on a run) makes one");
        }
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(location + ": cannot create its directory ("
                    + e.getMessage() + ")");
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            // /dev/null, a FIFO (reading it would wait for ever), a device
            throw new IllegalArgumentException(location + " is not a regular file; name a file, e.g. history.sqlite");
        }
        if (Files.exists(path) && !looksLikeSqlite(path)) {
            throw new IllegalArgumentException(location + " is not a history store (not an SQLite file)");
        }
        Path made = fileOf(location);
        boolean isNew = !Files.exists(made);
        Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + path, props);
        if (c == null) {
            throw new IllegalArgumentException(location + " cannot be opened as an SQLite file");
        }
        HistoryStore store = new HistoryStore(c, location, Kind.SQLITE);
        try {
            return store.prepared(create);
        } catch (SQLException e) {
            java.util.Optional<String> full = isNew ? store.whyFull(e) : java.util.Optional.empty();
            if (full.isEmpty()) {
                throw e;
            }
            // a store half made is no store: the next add makes it whole once there is room
            c.close();
            try {
                for (String suffix : List.of("", "-journal", "-wal", "-shm")) {
                    Files.deleteIfExists(Path.of(made + suffix));
                }
            } catch (java.io.IOException gone) {
                // left as it is: the next add finds it empty and makes the store in it
            }
            throw new IllegalArgumentException(location + " cannot be made: " + full.get() + "; free space there, or"
                    + " name a store elsewhere");
        }
    }

    private static boolean looksLikeSqlite(Path path) {
        try (var in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(16);
            return head.length == 0 || new String(head, java.nio.charset.StandardCharsets.ISO_8859_1)
                    .startsWith("SQLite format 3");
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(path + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * The store, its tables made when {@code create} allows; a read (list, report, check) never writes into a database
     * that holds no store, and an SQLite file of something else is never made one.
     */
    private HistoryStore prepared(boolean create) throws SQLException {
        try {
            if (kind == Kind.SQLITE) {
                requireIntact();
            }
            if (!hasTable("bench_history_schema")) {
                // bench makes bench_history_schema first: tables without it that are still without it are another
                // program's, where tables that came since the first look are another bench making this store; every
                // command says so, as a read's "add makes one" would send the user to an add that refuses it
                if (kind == Kind.SQLITE && hasTable(null) && !hasTable("bench_history_schema")) {
                    throw new IllegalArgumentException(location + " is an SQLite database of something else (its tables"
                            + " are not bench's); name another file");
                }
                if (!create) {
                    throw new IllegalArgumentException(location + ": no history store there (no bench tables); bench history"
                            + " add DIR (or --history on a run) makes one");
                }
            }
            for (int tries = 1; ; tries++) {
                try {
                    return created();
                } catch (SQLException e) {
                    // another bench was making the same table: PostgreSQL's CREATE TABLE IF NOT EXISTS then fails on
                    // the other's catalog row rather than waiting; that table is there now, so each try gets further
                    if (!isCreateRace(e) || tries == 5) {
                        throw e;
                    }
                    try {
                        Thread.sleep(50L * tries);     // the other's transaction commits its table meanwhile
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        throw e;
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Whether the database has the table {@code name}, or any table when {@code name} is null. */
    /**
     * A damaged SQLite file (a bad block, a half-copied file) is named with its cause when opened: a query would fail
     * later with a bare SQLITE_CORRUPT naming no file. quick_check reads each page once, without the index checks.
     */
    private void requireIntact() throws SQLException {
        String found;
        try (var st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA quick_check(1)")) {
            found = rs.next() ? rs.getString(1) : "ok";
        } catch (SQLException e) {
            if (e.getErrorCode() != 11 && e.getErrorCode() != 26) {     // SQLITE_CORRUPT, SQLITE_NOTADB
                throw e;
            }
            found = e.getMessage();
        }
        if (!"ok".equals(found)) {
            // its first line only says which schema ("*** in database main ***")
            String why = found.strip().replaceFirst("^\\*\\*\\* in database \\S+ \\*\\*\\*\\s*", "");
            throw new IllegalArgumentException(location + " is damaged (SQLite: " + why.replaceAll("\\s*\\R\\s*", "; ")
                    + "); restore it from a copy, or name another store");
        }
    }

    private boolean hasTable(String name) throws SQLException {
        // on PostgreSQL only the schema the tables are made in: another schema's bench tables are not this store, and
        // with no such schema (a currentSchema or search_path that names none there) there is no store
        String schema = kind == Kind.POSTGRESQL ? connection.getSchema() : null;
        if (kind == Kind.POSTGRESQL && schema == null) {
            return false;
        }
        try (ResultSet rs = connection.getMetaData().getTables(connection.getCatalog(), schema, name == null ? "%" : name,
                new String[] {"TABLE"})) {
            return rs.next();
        }
    }

    private HistoryStore created() throws SQLException {
        String text = kind.text;
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS bench_history_schema (version INTEGER NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS bench_run (run_key VARCHAR(64) NOT NULL PRIMARY KEY,"
                    + " started_ms BIGINT NOT NULL, machine VARCHAR(255) NOT NULL, source " + text + " NOT NULL,"
                    + " added_ms BIGINT NOT NULL, jmh_result " + text + " NOT NULL, run_json " + text + " NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS bench_run_label (run_key VARCHAR(64) NOT NULL,"
                    + " name VARCHAR(255) NOT NULL, label_value VARCHAR(1000) NOT NULL, PRIMARY KEY (run_key, name))");
            s.execute("CREATE TABLE IF NOT EXISTS bench_measurement (run_key VARCHAR(64) NOT NULL,"
                    + " benchmark VARCHAR(255) NOT NULL, variant VARCHAR(255) NOT NULL, threads INTEGER NOT NULL,"
                    + " metric VARCHAR(255) NOT NULL, unit VARCHAR(64) NOT NULL, fork INTEGER NOT NULL,"
                    + " iteration INTEGER NOT NULL, measured_value DOUBLE PRECISION)");
            try (ResultSet rs = s.executeQuery("SELECT MAX(version) FROM bench_history_schema")) {
                rs.next();
                int version = rs.getInt(1);
                if (rs.wasNull()) {
                    s.execute("INSERT INTO bench_history_schema (version) VALUES (" + SCHEMA + ")");
                } else if (version > SCHEMA) {
                    throw new IllegalArgumentException(location + " was written by a newer bench (schema "
                            + version + "; this bench reads " + SCHEMA + ")");
                }
            }
        }
        return this;
    }

    /** Adds {@code run}; false when it is stored already ({@link #stored}; nothing changes then). */
    public boolean add(StoredRun run) throws SQLException {
        if (stored(run).isPresent()) {
            return false;
        }
        boolean auto = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement p = connection.prepareStatement("INSERT INTO bench_run (run_key, started_ms, machine,"
                    + " source, added_ms, jmh_result, run_json) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                p.setString(1, run.key());
                p.setLong(2, run.startedAt().toEpochMilli());
                p.setString(3, run.machine());
                p.setString(4, run.source());
                p.setLong(5, System.currentTimeMillis());
                p.setString(6, run.jmhResult());
                p.setString(7, run.runJson());
                p.executeUpdate();
            }
            try (PreparedStatement p = connection.prepareStatement(
                    "INSERT INTO bench_run_label (run_key, name, label_value) VALUES (?, ?, ?)")) {
                for (var e : run.labels().entrySet()) {
                    p.setString(1, run.key());
                    p.setString(2, e.getKey());
                    p.setString(3, e.getValue());
                    p.addBatch();
                }
                p.executeBatch();
            }
            insertMeasurements(run);
            connection.commit();
        } catch (SQLException e) {
            rollBack(e);
            // another bench stored the same run between the look-up and the insert (two adds at once): stored once
            if (isDuplicateKey(e) && find(run.key()).isPresent()) {
                connection.setAutoCommit(auto);
                return false;
            }
            restoreAutoCommit(auto, e);
            throw e;
        } catch (RuntimeException e) {
            rollBack(e);
            restoreAutoCommit(auto, e);
            throw e;
        }
        connection.setAutoCommit(auto);
        return true;
    }

    /**
     * Rolls the failed transaction back. SQLite has rolled it back itself after some errors (SQLITE_FULL): the
     * rollback's, or setAutoCommit's "cannot commit - no transaction is active", would else hide why it failed.
     */
    private void rollBack(Exception failure) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    private void restoreAutoCommit(boolean auto, Exception failure) {
        try {
            connection.setAutoCommit(auto);
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Why {@code e} of {@link #add} stored nothing, when the reason is that the store is full: SQLite's SQLITE_FULL
     * (the file system of its file, named with the bytes left, or its max_page_count), MySQL's/MariaDB's "disk full"
     * or "table is full" (1021, 1114) or PostgreSQL's disk_full (53100). Empty for other errors.
     */
    public java.util.Optional<String> whyFull(SQLException e) {
        boolean full = switch (kind) {
            case SQLITE -> e.getErrorCode() == 13 || String.valueOf(e.getMessage()).contains("SQLITE_FULL");
            case MYSQL -> e.getErrorCode() == 1021 || e.getErrorCode() == 1114;
            case POSTGRESQL -> "53100".equals(e.getSQLState());
        };
        if (!full) {
            return java.util.Optional.empty();
        }
        if (kind != Kind.SQLITE) {
            return java.util.Optional.of("the database server's disk is full");
        }
        try {
            Path dir = file().toAbsolutePath().getParent();
            long free = Files.getFileStore(dir).getUsableSpace();
            // SQLite needs room for its journal and new pages: a few pages free is a full disk to it
            if (free < 1024 * 1024) {
                return java.util.Optional.of("the file system of " + dir + " is full (" + free / 1024 + " KB free)");
            }
        } catch (java.io.IOException | RuntimeException unknown) {
            // say what SQLite says
        }
        return java.util.Optional.of("the store is full (SQLite: database or disk is full)");
    }

    /**
     * Why {@code e} (of opening the store, or of {@link #add}) changed nothing, when the reason will pass: the store
     * is locked by another process (SQLite's SQLITE_BUSY and SQLITE_LOCKED, MySQL's/MariaDB's lock wait timeout 1205,
     * PostgreSQL's lock_not_available 55P03), or its server did not answer in time (stopped, overloaded, or the network
     * between). Empty for other errors: a wrong URL or password is the user's to fix, not to wait out.
     */
    /**
     * Why a write failed when the store cannot be written at all (a read-only file or mount, a server in read-only
     * mode), where storing again would fail the same; empty for any other failure.
     */
    public static java.util.Optional<String> whyReadOnly(SQLException e) {
        boolean readOnly = (e.getErrorCode() & 0xff) == 8 && String.valueOf(e.getMessage()).contains("SQLITE_READONLY")
                || e.getErrorCode() == 1290 || e.getErrorCode() == 1792 || e.getErrorCode() == 1036
                || "25006".equals(e.getSQLState());
        return readOnly ? java.util.Optional.of("the store is read-only (a read-only file or mount, or a server in"
                + " read-only mode)") : java.util.Optional.empty();
    }

    public static java.util.Optional<String> whyBusy(SQLException e) {
        if (e.getErrorCode() == 5 || e.getErrorCode() == 6 || e.getErrorCode() == 1205
                || "55P03".equals(e.getSQLState())) {
            return java.util.Optional.of("is locked by another process (another bench storing or reading it, or a"
                    + " program such as sqlite3)");
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLTimeoutException || t instanceof java.net.SocketTimeoutException) {
                return java.util.Optional.of("did not answer in time (its server stopped, overloaded, or not reachable)");
            }
        }
        return java.util.Optional.empty();
    }

    /** The SQLite store's file (its location, less a {@code jdbc:sqlite:} prefix and URL parameters). */
    private Path file() {
        return fileOf(location);
    }

    private static Path fileOf(String location) {
        String file = location.regionMatches(true, 0, "jdbc:sqlite:", 0, 12) ? location.substring(12) : location;
        return Path.of(file.contains("?") && !Files.exists(Path.of(file)) ? file.substring(0, file.indexOf('?')) : file);
    }

    /**
     * Two benches making the same table at once, as PostgreSQL reports it to the later one: its catalog's duplicate key
     * (23505), the table (duplicate_table, 42P07) or its row type (duplicate_object, 42710: "type ... already exists").
     */
    private static boolean isCreateRace(SQLException e) {
        return isDuplicateKey(e) || "42P07".equals(e.getSQLState()) || "42710".equals(e.getSQLState());
    }

    /**
     * SQLite's SQLITE_CONSTRAINT (19), MySQL/MariaDB's duplicate entry (1062, SQLState 23000), or PostgreSQL's
     * unique_violation (SQLState 23505).
     */
    private static boolean isDuplicateKey(SQLException e) {
        return e.getErrorCode() == 19 || e.getErrorCode() == 1062 || "23000".equals(e.getSQLState())
                || "23505".equals(e.getSQLState())
                || String.valueOf(e.getMessage()).contains("SQLITE_CONSTRAINT");
    }

    /**
     * Gives the stored run {@code key} the labels of {@code labels} it does not have; returns those it has with another
     * value, which stay as stored (a label changed later would rewrite the history a report was drawn from).
     */
    public Map<String, String> addLabels(String key, Map<String, String> labels) throws SQLException {
        StoredRun stored = find(key).orElseThrow(() -> new IllegalArgumentException("no stored run " + key));
        Map<String, String> kept = new LinkedHashMap<>();
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO bench_run_label (run_key, name, label_value) VALUES (?, ?, ?)")) {
            for (var e : labels.entrySet()) {
                String has = e.getKey().equals(StoredRun.MACHINE_LABEL) ? stored.machine() : stored.labels().get(e.getKey());
                if (has == null) {
                    p.setString(1, stored.key());
                    p.setString(2, e.getKey());
                    p.setString(3, e.getValue());
                    p.addBatch();
                } else if (!has.equals(e.getValue())) {
                    kept.put(e.getKey(), has);
                }
            }
            p.executeBatch();
        }
        return kept;
    }

    private void insertMeasurements(StoredRun run) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO bench_measurement (run_key, benchmark,"
                + " variant, threads, metric, unit, fork, iteration, measured_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (VariantResult r : run.results()) {
                for (Map.Entry<String, MetricResult> m : r.metrics().entrySet()) {
                    List<double[]> raw = m.getValue().rawData();
                    for (int f = 0; f < raw.size(); f++) {
                        for (int i = 0; i < raw.get(f).length; i++) {
                            p.setString(1, run.key());
                            p.setString(2, r.benchmark());
                            p.setString(3, r.variant());
                            p.setInt(4, r.threads());
                            p.setString(5, m.getKey());
                            p.setString(6, m.getValue().unit() == null ? "" : m.getValue().unit());
                            p.setInt(7, r.fork(f));
                            p.setInt(8, i + 1);
                            double v = raw.get(f)[i];
                            if (Double.isFinite(v)) {
                                p.setDouble(9, v);
                            } else {
                                p.setNull(9, java.sql.Types.DOUBLE);
                            }
                            p.addBatch();
                        }
                    }
                }
            }
            p.executeBatch();
        }
    }

    /** The stored run whose key starts with {@code keyPrefix} (hex, any case), if exactly one does. */
    public java.util.Optional<StoredRun> find(String keyPrefix) throws SQLException {
        if (!keyPrefix.matches("[0-9a-fA-F]+")) {
            return java.util.Optional.empty();
        }
        List<StoredRun> found = runs("WHERE run_key LIKE ?", keyPrefix.toLowerCase(Locale.ROOT) + "%");
        if (found.size() > 1) {
            throw new IllegalArgumentException("run " + keyPrefix + " is ambiguous: " + found.size() + " stored runs start so");
        }
        return found.stream().findFirst();
    }

    /**
     * {@code run} as stored, if it is: by its key, or, in a store written before keys were taken from the files' parsed
     * content (they hashed their bytes), by its start time and content; so an old store takes no run twice, and its
     * keys stay as they were.
     */
    public java.util.Optional<StoredRun> stored(StoredRun run) throws SQLException {
        java.util.Optional<StoredRun> byKey = find(run.key());
        if (byKey.isPresent()) {
            return byKey;
        }
        return runs("WHERE started_ms = ?", run.startedAt().toEpochMilli()).stream()
                .filter(r -> RunImport.key(r.jmhResult(), r.runJson()).equals(run.key())).findFirst();
    }

    /** Every stored run, oldest first. */
    public List<StoredRun> runs() throws SQLException {
        return runs("", null);
    }

    /** The runs {@code where} (with one parameter, or none when {@code parameter} is null) selects, oldest first. */
    private List<StoredRun> runs(String where, Object parameter) throws SQLException {
        Map<String, Map<String, String>> labels = new LinkedHashMap<>();
        try (PreparedStatement p = connection.prepareStatement("SELECT l.run_key, l.name, l.label_value"
                + " FROM bench_run_label l JOIN bench_run r ON r.run_key = l.run_key " + where.replace("run_key", "r.run_key"))) {
            if (parameter != null) {
                p.setObject(1, parameter);
            }
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    labels.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>()).put(rs.getString(2), rs.getString(3));
                }
            }
        }
        List<StoredRun> runs = new ArrayList<>();
        try (PreparedStatement p = connection.prepareStatement("SELECT run_key, started_ms, machine, source, jmh_result,"
                + " run_json FROM bench_run " + where + " ORDER BY started_ms, run_key")) {
            if (parameter != null) {
                p.setObject(1, parameter);
            }
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    String key = rs.getString(1);
                    runs.add(new StoredRun(key, Instant.ofEpochMilli(rs.getLong(2)), rs.getString(3),
                            labels.getOrDefault(key, Map.of()), rs.getString(4), rs.getString(5), rs.getString(6)));
                }
            }
        }
        return runs;
    }

    /** Where the store is, as the user named it. */
    public String location() {
        return location;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
