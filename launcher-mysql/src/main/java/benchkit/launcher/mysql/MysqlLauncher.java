package benchkit.launcher.mysql;

import benchkit.launch.Passwords;
import benchkit.launch.OwnSession;
import benchkit.launch.ProcessOwner;

import benchkit.launch.ProcMaps;

import benchkit.launch.Watchdog;

import benchkit.launch.PrivateTempDir;

import benchkit.launch.SnapshotCopyException;

import benchkit.launch.DatadirSnapshot;

import benchkit.launch.DatadirLauncher;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Launches private mysqld/mariadbd instances ({@code mysql} launcher): embedded MariaDB 11.4.5 (the
 * default), MySQL 8.0.15 or 5.7.22, the system's server, or any install directory. Each launch gets a 0700 temp dir (datadir, socket,
 * my.cnf, logs), a free port on 127.0.0.1, a fresh datadir, a generated password for {@code root}
 * (TCP as root@127.0.0.1, socket as root@localhost) and an empty {@code sbtest} database.
 */
public final class MysqlLauncher implements DatadirLauncher {
    public static final String NAME = "mysql";
    public static final EmbeddedDistribution DEFAULT_EMBEDDED = EmbeddedDistribution.MARIADB_11_4;
    public static final String DEFAULT_DISTRIBUTION = DEFAULT_EMBEDDED.distribution();
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(120);
    static final String USER = "root";
    static final String DATABASE = "sbtest";
    private static final String CPU_LIST = "[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*";

    /**
     * @param cacheDir     where embedded tarballs are extracted ({@code $BENCHKIT_CACHE} or ~/.cache/benchkit)
     * @param tempRoot     parent of each launch's private directory (java.io.tmpdir)
     * @param startTimeout bound on datadir init plus startup
     * @param keepDatadir  keep each launch directory after close, for post-mortems
     */
    public record Options(Path cacheDir, Path tempRoot, Duration startTimeout, boolean keepDatadir) {
        public static Options defaults() {
            return new Options(EmbeddedDistribution.defaultCacheDir(), Path.of(System.getProperty("java.io.tmpdir")),
                    DEFAULT_START_TIMEOUT, false);
        }

        public Options withTempRoot(Path dir) {
            return new Options(cacheDir, dir, startTimeout, keepDatadir);
        }

        public Options withStartTimeout(Duration timeout) {
            return new Options(cacheDir, tempRoot, timeout, keepDatadir);
        }
    }

    private final Options options;
    private final Distributions distributions;

    /** For ServiceLoader: default options. */
    public MysqlLauncher() {
        this(Options.defaults());
    }

    public MysqlLauncher(Options options) {
        this.options = options;
        this.distributions = new Distributions(options.cacheDir());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String settingsOwner() {
        return "mysqld";
    }

    public Options options() {
        return options;
    }

    /** bench's default launcher: the embedded MariaDB needs only a JDK; any server name no launcher claims is ours. */
    @Override
    public Optional<DefaultServer> defaultServer() {
        return Optional.of(new DefaultServer(DEFAULT_DISTRIBUTION, "# Server: " + DEFAULT_EMBEDDED.title()
                + " (embedded default: runs with only a JDK; --server mysql-8.0 or mysql-5.7 for MySQL)"));
    }

    @Override
    public String description() {
        return "private mysqld/mariadbd on 127.0.0.1: " + Distributions.VALID + " (default " + DEFAULT_DISTRIBUTION + ")";
    }

    @Override
    public List<Availability> distributions() {
        return distributions.availability();
    }

    @Override
    public ServerHandle launch(ServerSpec spec) throws Exception {
        return start(spec);
    }

    /** Checks settings, CPU list and allocator, and resolves the distribution (obtaining it when it must). */
    @Override
    public void check(ServerSpec spec) throws IOException {
        installation(withDefaultDistribution(spec));
    }

    /** The installation a spec launches, after checking the spec; obtains the distribution when needed. */
    public Installation installation(ServerSpec spec) throws IOException {
        validate(spec);
        return distributions.resolve(withDefaultDistribution(spec).distribution());
    }

    private static void validate(ServerSpec spec) {
        spec.settings().forEach(ServerConfig::validateSetting);
        if (!spec.cpus().isEmpty() && !spec.cpus().matches(CPU_LIST)) {
            throw new InvalidOptionException("invalid CPU list '" + spec.cpus() + "'; use e.g. 0-3 or 0,2,4");
        }
        AllocatorSpec allocator = spec.allocator();
        if (allocator.library().isPresent() && !Files.isRegularFile(Path.of(allocator.library().get()))) {
            throw new InvalidOptionException("allocator " + allocator.name() + ": library " + allocator.library().get()
                    + " not found");
        }
    }

    /**
     * Same as {@link #launch} with the concrete handle type. A blank distribution means
     * {@link #DEFAULT_DISTRIBUTION}. Bad options throw {@link InvalidOptionException}; a distribution
     * that cannot run here (e.g. a missing shared library) an {@link IOException}; a server that does not
     * come up a {@link ServerStartException} carrying its error log's tail.
     */
    public MysqlServerHandle start(ServerSpec spec) throws IOException, ServerStartException {
        return startRetrying(withDefaultDistribution(spec), Optional.empty());
    }

    /**
     * The server side of the key under which launches of {@code spec} may share prepared data:
     * distribution plus the {@link DataShapingSettings settings that shape the data}; empty when a setting
     * places data outside the datadir. Allocator, CPU set and other settings are not part of it.
     */
    @Override
    public Optional<String> dataKey(ServerSpec spec) {
        return DataShapingSettings.serverKey(withDefaultDistribution(spec).distribution(), spec.settings());
    }

    /**
     * Launches {@code spec} on a copy of {@code snapshot}'s datadir instead of initialising one: a new
     * launch directory, port, socket and my.cnf (with this spec's settings and allocator), and root's
     * password of the snapshot, which the copied grant tables hold. A failed copy throws
     * {@link SnapshotCopyException} and leaves nothing behind.
     */
    public MysqlServerHandle startFrom(ServerSpec spec, DatadirSnapshot taken) throws IOException, ServerStartException {
        if (!(taken instanceof MysqlSnapshot snapshot)) {
            throw new IllegalArgumentException("not a snapshot of the mysql launcher: " + taken);
        }
        spec = withDefaultDistribution(spec);
        if (!dataKey(spec).equals(Optional.of(snapshot.serverKey()))) {
            throw new IllegalArgumentException("the snapshot of " + snapshot.serverKey() + " does not fit "
                    + dataKey(spec).orElse(spec.distribution() + " (data outside the datadir)"));
        }
        return startRetrying(spec, Optional.of(snapshot));
    }

    private static ServerSpec withDefaultDistribution(ServerSpec spec) {
        return spec.distribution().isBlank()
                ? new ServerSpec(DEFAULT_DISTRIBUTION, spec.settings(), spec.allocator(), spec.cpus(), spec.launch()) : spec;
    }

    private MysqlServerHandle startRetrying(ServerSpec spec, Optional<MysqlSnapshot> from)
            throws IOException, ServerStartException {
        try {
            return startOnce(spec, from);
        } catch (ServerStartException e) {
            // the free port was taken between probing and binding: one more try with a new port
            // mysqld's "Bind on TCP/IP port. Got error: 98: Address already in use" (98, EADDRINUSE, in any locale)
            if (!e.getMessage().contains("Got error: 98") && !e.getMessage().contains("Address already in use")) {
                throw e;
            }
            return startOnce(spec, from);
        }
    }

    private MysqlServerHandle startOnce(ServerSpec spec, Optional<MysqlSnapshot> from)
            throws IOException, ServerStartException {
        LaunchOptions launch = LaunchOptions.of(spec, options.keepDatadir(), options.startTimeout());
        Installation installation = installation(spec);
        AllocatorSpec allocator = spec.allocator();
        long deadline = System.nanoTime() + launch.startTimeout().toNanos();

        LaunchDir dir = LaunchDir.create(options.tempRoot());
        ServerProcess server = null;
        try {
            writeConfig(installation, dir, new TreeMap<>(spec.settings())); // sorted: the same my.cnf for the same settings
            Duration copyTime = null;
            if (from.isPresent()) {
                long copyStart = System.nanoTime();
                DatadirCopy.copy(from.get().datadir(), dir.datadir());
                copyTime = Duration.ofNanos(System.nanoTime() - copyStart);
            } else {
                initialize(installation, dir, deadline);
            }
            server = new ServerProcess(startServer(installation, dir, spec), dir, launch.keepDatadir());
            server.watchWith(Watchdog.start(ProcessHandle.current().pid(), server.pid(),
                    launch.keepDatadir() ? Optional.empty() : Optional.of(dir.path())));
            // a copy keeps the snapshot's root password (its grant tables hold the hash); a new datadir gets one
            String password = from.map(MysqlSnapshot::password).orElseGet(Passwords::generate);
            Target target;
            try (Connection admin = awaitReady(server, dir, deadline, installation, from.isPresent() ? password : "")) {
                if (from.isEmpty()) {
                    secure(admin, password);
                }
            }
            target = verifiedTarget(dir, password);
            String allocatorLoaded = checkAllocator(server, allocator, dir);
            MysqlServerHandle handle = new MysqlServerHandle(server, target, installation, spec, allocatorLoaded)
                    .copiedIn(copyTime);
            LiveServers.add(handle);
            return handle.withServerReportedAllocator();
        } catch (SnapshotCopyException e) {
            deleteUnlessKept(dir, launch, e);
            throw e;
        } catch (IOException | ServerStartException | SQLException | RuntimeException e) {
            ServerStartException failure = e instanceof ServerStartException sse ? sse
                    : new ServerStartException(installation.flavor() + " failed to start: " + oneLine(e),
                    ErrorLog.relevant(dir.errorLog()));
            if (server != null) {
                server.stop(Optional.empty());
            } else {
                deleteUnlessKept(dir, launch, failure);
            }
            throw failure;
        }
    }

    private static void deleteUnlessKept(LaunchDir dir, LaunchOptions launch, Exception failure) {
        if (!launch.keepDatadir()) {
            try {
                PrivateTempDir.deleteRecursively(dir.path());
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
        }
    }

    /**
     * Takes a snapshot of a running server's data: shuts it down cleanly (only then are InnoDB's files
     * consistent), copies its datadir to {@code into} (which must not exist; created 0700), and starts it
     * again on its own datadir with the same port, socket, password and allocator, so the handle stays
     * valid. When the copy fails the server is still restarted and {@link SnapshotCopyException} thrown.
     */
    @Override
    public MysqlSnapshot snapshotOf(ServerHandle server, Path into) throws IOException, ServerStartException {
        if (!(server instanceof MysqlServerHandle mysql)) {
            throw new IllegalArgumentException("not a server of the mysql launcher: " + server);
        }
        return snapshot(mysql, into);
    }

    @Override
    public Copied startCopy(ServerSpec spec, DatadirSnapshot snapshot) throws IOException, ServerStartException {
        MysqlServerHandle server = startFrom(spec, snapshot);
        return new Copied(server, server.dataCopyTime().orElseThrow());
    }

    @Override
    public Path tempRoot() {
        return options.tempRoot();
    }

    public MysqlSnapshot snapshot(MysqlServerHandle server, Path into) throws IOException, ServerStartException {
        synchronized (server) {
            if (server.isClosed()) {
                throw new IllegalStateException("server already closed: " + server);
            }
            Target target = server.target();
            String serverKey = dataKey(server.spec()).orElseThrow(() -> new IllegalArgumentException(
                    "server " + server.spec().distribution() + " keeps data outside its datadir; it cannot be copied"));
            ServerProcess stopped = server.process();
            long t0 = System.nanoTime();
            boolean clean = stopped.halt(Optional.of(new String[]{target.user(), target.password()}));
            stopped.endWatch();
            long t1 = System.nanoTime();
            SnapshotCopyException failed = null;
            MysqlSnapshot snapshot = null;
            if (!clean) {
                failed = new SnapshotCopyException("the server did not shut down cleanly (exit "
                        + stopped.exitCode().orElse(-1) + "); its datadir was not copied", null);
            } else {
                try {
                    long bytes = DatadirCopy.copy(stopped.dir().datadir(), into);
                    snapshot = new MysqlSnapshot(into, serverKey, target.password(), bytes);
                } catch (SnapshotCopyException e) {
                    failed = e;
                }
            }
            long t2 = System.nanoTime();
            restart(server, stopped.dir());
            if (failed != null) {
                throw failed;
            }
            // said with the snapshot: on a busy machine the clean shutdown can dominate
            return snapshot.withTimings(String.format(java.util.Locale.ROOT, "shutdown %.1f s, copy %.1f s, restart %.1f s",
                    (t1 - t0) / 1e9, (t2 - t1) / 1e9, (System.nanoTime() - t2) / 1e9));
        }
    }

    /** Starts a stopped handle's server again on its launch directory; its my.cnf still names port and socket. */
    private void restart(MysqlServerHandle handle, LaunchDir dir) throws IOException, ServerStartException {
        ServerSpec spec = handle.spec();
        LaunchOptions launch = LaunchOptions.of(spec, options.keepDatadir(), options.startTimeout());
        long deadline = System.nanoTime() + launch.startTimeout().toNanos();
        Installation installation = handle.installation();
        ServerProcess server = new ServerProcess(startServer(installation, dir, spec), dir, launch.keepDatadir());
        handle.replaceProcess(server, handle.allocatorLoaded()); // from here on close() stops the new process
        server.watchWith(Watchdog.start(ProcessHandle.current().pid(), server.pid(),
                launch.keepDatadir() ? Optional.empty() : Optional.of(dir.path())));
        try (Connection ignored = awaitReady(server, dir, deadline, installation, handle.target().password())) {
            // accepting connections with the password again
        } catch (SQLException e) {
            throw new ServerStartException(installation.flavor() + " did not restart: " + oneLine(e),
                    ErrorLog.relevant(dir.errorLog()));
        }
        handle.replaceProcess(server, checkAllocator(server, spec.allocator(), dir));
        handle.withServerReportedAllocator();
    }

    private void writeConfig(Installation installation, LaunchDir dir, Map<String, String> settings) throws IOException {
        int port = FreePort.find();
        Map<String, String> values = Map.of(
                "basedir", installation.basedir().toString(),
                "datadir", dir.datadir().toString(),
                "socket", dir.socket().toString(),
                "port", Integer.toString(port),
                "pid_file", dir.pidFile().toString(),
                "error_log", dir.errorLog().toString(),
                "tmpdir", dir.tmpdir().toString());
        ServerConfig config = ServerConfig.compute(MachineFacts.probe(dir.path()), values, settings);
        Files.writeString(dir.myCnf(), config.render(), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(dir.myCnf(), PosixFilePermissions.fromString("rw-------"));
    }

    static int configuredPort(LaunchDir dir) throws IOException {
        for (String line : Files.readAllLines(dir.myCnf())) {
            if (line.startsWith("port=")) {
                return Integer.parseInt(line.substring("port=".length()).strip());
            }
        }
        throw new IOException("no port in " + dir.myCnf());
    }

    /** Creates the datadir: mysqld --initialize-insecure (MySQL) or mariadb-install-db (MariaDB). */
    private void initialize(Installation installation, LaunchDir dir, long deadline)
            throws IOException, ServerStartException {
        List<String> command = new ArrayList<>();
        String what;
        if (installation.flavor().isMariaDb()) {
            Path tool = installation.installDb().orElseThrow();
            String help = helpOf(tool);
            command.addAll(List.of(tool.toString(), "--defaults-file=" + dir.myCnf(),
                    "--basedir=" + installation.basedir()));
            if (help.contains("--auth-root-authentication-method")) {
                command.add("--auth-root-authentication-method=normal");
            }
            if (help.contains("--skip-test-db")) {
                command.add("--skip-test-db");
            }
            what = tool.getFileName().toString();
        } else {
            command.addAll(List.of(installation.serverBinary().toString(), "--defaults-file=" + dir.myCnf(),
                    "--initialize-insecure",
                    // creating the system tables needs no durability; fsyncs made init several times slower
                    "--innodb-doublewrite=0", "--innodb-flush-log-at-trx-commit=0", "--sync-binlog=0"));
            what = "mysqld --initialize-insecure";
        }
        if (ProcessOwner.isRoot()) {
            command.add("--user=root");
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.initLog().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("LD_PRELOAD");
        Process init = pb.start();
        try {
            if (!init.waitFor(remainingMillis(deadline), TimeUnit.MILLISECONDS)) {
                init.descendants().forEach(ProcessHandle::destroyForcibly);
                init.destroyForcibly();
                init.waitFor(10, TimeUnit.SECONDS);
                throw new ServerStartException(what + " did not finish within the start timeout", initTail(dir));
            }
        } catch (InterruptedException e) {
            init.descendants().forEach(ProcessHandle::destroyForcibly);
            init.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ServerStartException(what + " interrupted", "");
        }
        if (init.exitValue() != 0) {
            String tail = initTail(dir);
            throw new ServerStartException(installation.flavor() + ": " + what + " failed (exit " + init.exitValue()
                    + ")", tail, whenNoSpace(dir, tail));
        }
    }

    /** How a server's log says its disk is full: errno 28 (ENOSPC), as InnoDB and the OS word it. */
    private static final java.util.regex.Pattern NO_SPACE =
            java.util.regex.Pattern.compile("error 28\\b|error number 28\\b|errno: 28\\b|No space left on device");

    /**
     * When the server's log says its disk is full, where the datadir is, how much room is left and what to do, to
     * follow the server's own words; else "".
     */
    static String whenNoSpace(LaunchDir dir, String logTail) {
        if (!NO_SPACE.matcher(logTail).find()) {
            return "";
        }
        Path parent = dir.datadir().getParent().getParent();
        String free;
        try {
            free = Files.getFileStore(dir.datadir()).getUsableSpace() / (1 << 20) + " MB free";
        } catch (IOException e) {
            free = "free space unknown";
        }
        return "; no space left for its datadir in " + parent + " (" + free + "): free some, or set TMPDIR to a "
                + "directory on a larger file system";
    }

    private static String initTail(LaunchDir dir) {
        // the error log says what went wrong; the init tool's own output is mostly boilerplate
        String errors = ErrorLog.relevant(dir.errorLog());
        return errors.contains("[ERROR]") ? errors
                : (errors + "\n" + String.join("\n", ErrorLog.tail(dir.initLog(), ErrorLog.RELEVANT_LINES))).strip();
    }

    private static String helpOf(Path tool) throws IOException {
        Process p = new ProcessBuilder(tool.toString(), "--help").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        p.destroyForcibly();
        return out;
    }

    private Process startServer(Installation installation, LaunchDir dir, ServerSpec spec) throws IOException {
        List<String> command = new ArrayList<>();
        if (!spec.cpus().isEmpty()) {
            command.addAll(List.of("taskset", "-c", spec.cpus()));
        }
        command.add(installation.serverBinary().toString());
        command.add("--defaults-file=" + dir.myCnf());
        if (ProcessOwner.isRoot()) {
            command.add("--user=root");
        }
        ProcessBuilder pb = new ProcessBuilder(OwnSession.command(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.consoleLog().toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        spec.allocator().applyTo(pb.environment());
        return pb.start();
    }

    /** Polls a socket connection as root (no password on a new datadir) until the server accepts it. */
    private Connection awaitReady(ServerProcess server, LaunchDir dir, long deadline, Installation installation,
                                  String password) throws ServerStartException, IOException {
        SQLException last = null;
        while (true) {
            if (!server.isAlive()) {
                String tail = startupTail(dir);
                throw new ServerStartException(installation.flavor() + " exited with code "
                        + server.exitCode().orElse(-1) + " during startup", tail, whenNoSpace(dir, tail));
            }
            if (ServerGreeting.arrivesWithin(dir.socket(), Duration.ofSeconds(2))) {
                try {
                    return ServerConnections.overSocket(dir.socket().toString(), USER, password, 2);
                } catch (SQLException e) {
                    last = e;
                }
            }
            if (remainingMillis(deadline) <= 0) {
                throw new ServerStartException(installation.flavor() + " did not accept connections within the start"
                        + " timeout (" + (last == null ? "no protocol greeting on its socket" : "last error: "
                        + ServerConnections.describe(last, null)) + ")", startupTail(dir));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ServerStartException("interrupted while waiting for the server to start", "");
            }
        }
    }

    private static String startupTail(LaunchDir dir) {
        String errors = ErrorLog.relevant(dir.errorLog());
        String console = String.join("\n", ErrorLog.tail(dir.consoleLog(), 5));
        return console.isBlank() ? errors : errors + "\n" + console;
    }

    /**
     * Gives root the generated password on both hosts it needs (127.0.0.1 for TCP, localhost for the
     * socket), drops every other root/anonymous account, creates sbtest. Only the password's hash is
     * sent, and nothing of this goes to the binary log.
     */
    private static void secure(Connection admin, String password) throws SQLException {
        String hash = NativePassword.hash(password);
        String identified = " IDENTIFIED WITH mysql_native_password AS '" + hash + "'";
        try (Statement s = admin.createStatement()) {
            s.execute("SET sql_log_bin=0");
            List<String[]> drop = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT user, host FROM mysql.user WHERE (user='root' AND host NOT IN "
                    + "('localhost','127.0.0.1')) OR user=''")) {
                while (rs.next()) {
                    drop.add(new String[]{rs.getString(1), rs.getString(2)});
                }
            }
            for (String[] account : drop) {
                s.execute("DROP USER '" + account[0].replace("'", "''") + "'@'" + account[1].replace("'", "''") + "'");
            }
            s.execute("CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'" + identified);
            s.execute("ALTER USER 'root'@'127.0.0.1'" + identified);
            s.execute("GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION");
            s.execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
            s.execute("ALTER USER 'root'@'localhost'" + identified); // last: this session stays logged in
            s.execute("FLUSH PRIVILEGES");
        }
    }

    /** Logs in over TCP with the new password and reads the product and version from the server. */
    private static Target verifiedTarget(LaunchDir dir, String password)
            throws SQLException, IOException {
        int port = configuredPort(dir);
        String version;
        try (Connection c = ServerConnections.overTcp("127.0.0.1", port, USER, password, 10);
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@version")) {
            rs.next();
            version = rs.getString(1);
        }
        ServerFlavor flavor = ServerFlavor.fromVersionVariable(version);
        return Target.builder().host("127.0.0.1").port(port).socket(dir.socket().toString()).user(USER)
                .password(password).database(DATABASE).product(flavor.product()).version(flavor.version()).build();
    }

    /** The preloaded library's mapped path, or {@code glibc}; fails when a requested library is not mapped. */
    private static String checkAllocator(ServerProcess server, AllocatorSpec allocator, LaunchDir dir)
            throws IOException, ServerStartException {
        if (allocator.library().isEmpty()) {
            return "glibc";
        }
        Optional<String> mapped = ProcMaps.findLibrary(server.pid(), allocator.library().get());
        if (mapped.isEmpty()) {
            throw new ServerStartException("allocator " + allocator.name() + " did not load (library not mapped in mysqld)",
                    String.join("\n", ErrorLog.tail(dir.consoleLog(), 5)));
        }
        return mapped.get();
    }

    private static long remainingMillis(long deadline) {
        return Math.max(0, (deadline - System.nanoTime()) / 1_000_000);
    }

    private static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replace('\n', ' ').replace('\r', ' ');
    }
}
