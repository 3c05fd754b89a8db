package benchkit.launcher.mysql;

import benchkit.launch.ProcessServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.nio.file.Path;
import java.time.Duration;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A mysqld/mariadbd started by {@link MysqlLauncher}. The target's user is {@code root}, reachable as
 * {@code root@127.0.0.1} over TCP and {@code root@localhost} over the unix socket with the same
 * generated password.
 */
public final class MysqlServerHandle extends ProcessServerHandle {
    // replaced when a snapshot restarts the server on its own datadir (same port, socket and password)
    private volatile ServerProcess process;
    private final Installation installation;
    private final ServerSpec spec;
    private volatile String allocatorLoaded;
    private volatile Duration dataCopyTime;
    private final AtomicBoolean closed = new AtomicBoolean();

    MysqlServerHandle(ServerProcess process, Target target, Installation installation, ServerSpec spec,
                      String allocatorLoaded) {
        super(target);
        this.process = process;
        this.installation = installation;
        this.spec = spec;
        this.allocatorLoaded = allocatorLoaded;
    }

    /** What it was launched with. */
    ServerSpec spec() {
        return spec;
    }

    ServerProcess process() {
        return process;
    }

    /** Hands the handle to a new process on the same launch directory (see {@link MysqlLauncher#snapshot}). */
    void replaceProcess(ServerProcess restarted, String allocatorLoaded) {
        this.process = restarted;
        this.allocatorLoaded = allocatorLoaded;
    }

    /** How long copying its datadir from a snapshot took; empty when its datadir was initialised. */
    public Optional<Duration> dataCopyTime() {
        return Optional.ofNullable(dataCopyTime);
    }

    MysqlServerHandle copiedIn(Duration copyTime) {
        this.dataCopyTime = copyTime;
        return this;
    }

    boolean isClosed() {
        return closed.get();
    }

    @Override
    protected Process serverProcess() {
        return process.process();
    }

    @Override
    public String allocatorLoaded() {
        return allocatorLoaded;
    }

    /**
     * Adds what the server itself reports ({@code @@version_malloc_library}, MariaDB only) to the
     * proof from the memory maps, e.g. {@code /usr/lib/.../libjemalloc.so.2; version_malloc_library=jemalloc 5.3.0}.
     */
    MysqlServerHandle withServerReportedAllocator() {
        versionMallocLibrary().ifPresent(reported -> allocatorLoaded = allocatorLoaded + "; version_malloc_library=" + reported);
        return this;
    }

    /** What was launched: distribution, base directory, binary, flavour. */
    public Installation installation() {
        return installation;
    }

    /** The launch directory (datadir, socket, my.cnf, error.log); gone after close unless kept. */
    public Path directory() {
        return process.dir().path();
    }

    public Path errorLog() {
        return process.dir().errorLog();
    }

    /**
     * {@code @@version_malloc_library} (MariaDB reports e.g. {@code jemalloc 5.3.0} or {@code system});
     * empty when the server has no such variable (MySQL) or is not reachable.
     */
    public Optional<String> versionMallocLibrary() {
        try (Connection c = ServerConnections.open(target(), 5); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@version_malloc_library")) {
            return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
        } catch (SQLException e) {
            return Optional.empty();
        }
    }

    @Override
    public String logTail(int lines) {
        return String.join("\n", ErrorLog.tail(process.dir().errorLog(), lines));
    }

    /** Stops the server (SHUTDOWN, SIGTERM, SIGKILL), waits for it and removes its directory; idempotent. */
    @Override
    public synchronized void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            process.stop(Optional.of(new String[]{target().user(), target().password()}));
        } finally {
            LiveServers.remove(this);
        }
    }

    @Override
    public String toString() {
        return "mysql server pid " + pid() + ": " + target();
    }
}
