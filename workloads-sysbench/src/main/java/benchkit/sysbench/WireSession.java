package benchkit.sysbench;

import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import benchkit.spi.QueryCounter;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;

import java.io.IOException;
import java.nio.channels.SelectableChannel;

/**
 * A session over bench's own protocol client ({@code --driver wire}): requests are sent one at a
 * time without waiting on the socket, so the runner can keep many sessions in flight from one
 * thread. Errors as sysbench, and as {@link JdbcSession}: a code in --mysql-ignore-errors rolls back
 * and counts as ignored, a lost connection reconnects, prepares again and asks for a retry, anything
 * else ends the run with a one-line message. Subclasses say what an event sends.
 */
abstract class WireSession implements PolledSession {
    private static final String ROLLBACK = "ROLLBACK";

    protected final String workload;
    private final Connector connector;
    private final IgnoredErrors ignored;
    private final QueryCounter queries;
    private WireConnection connection;
    /** What the request in flight counts as once it succeeds; null while none is. */
    private Kind inFlight;
    private boolean inTransaction;
    /** Run by {@link #execute()} on a thread of its own (not by an event loop). */
    private boolean ownThread;

    /** What a request counts as, as sysbench counts it. */
    protected enum Kind { READ, WRITE, BEGIN, COMMIT, ROLLBACK }

    WireSession(String workload, Connector connector, IgnoredErrors ignored, QueryCounter queries) {
        this.workload = workload;
        this.connector = connector;
        this.ignored = ignored;
        this.queries = queries;
    }

    /** Connects and prepares; called by subclasses at the end of their constructor. */
    protected final void connect() throws IOException, WireError {
        connection = connector.openWire();
        try {
            if (ownThread) {
                connection.ownThread();
            }
            prepareStatements(connection);
        } catch (IOException | WireError | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /** Prepares this script's statements on a fresh connection. */
    protected abstract void prepareStatements(WireConnection c) throws IOException, WireError;

    /** Resets the event's progress before its first request. */
    protected abstract void startEvent();

    /**
     * Sends the event's next request with {@link #send(WireStatement, Kind)} or {@link #send(CharSequence, Kind)}
     * and returns null, or returns OK when the event has nothing left to send.
     */
    protected abstract Outcome sendNext() throws IOException;

    @Override
    public final SelectableChannel channel() {
        return connection.channel();
    }

    @Override
    public final Outcome begin() throws Exception {
        startEvent();
        return next();
    }

    @Override
    public final Outcome resume() throws Exception {
        try {
            if (!connection.readReply()) {
                return null;
            }
        } catch (IOException e) {
            return reconnect(e);
        }
        WireError error = connection.error();
        Kind finished = inFlight;
        inFlight = null;
        if (error != null) {
            return failed(finished, error);
        }
        switch (finished) {
            case READ: queries.reads(1); break;
            case WRITE: queries.writes(1); break;
            case BEGIN: inTransaction = true; queries.others(1); break;
            case COMMIT: inTransaction = false; queries.others(1); break;
            case ROLLBACK: return Outcome.IGNORED_ERROR;
            default: throw new IllegalStateException("unknown request " + finished);
        }
        return next();
    }

    @Override
    public final Outcome execute() throws Exception {
        if (!ownThread) {
            ownThread = true;
            connection.ownThread();
        }
        Outcome o = begin();
        while (o == null) {
            try {
                connection.awaitReadable();
            } catch (IOException e) {
                return reconnect(e);
            }
            o = resume();
        }
        return o;
    }

    private Outcome next() {
        try {
            return sendNext();
        } catch (IOException e) {
            return reconnect(e);
        }
    }

    protected final void send(WireStatement s, Kind kind) throws IOException {
        inFlight = kind;
        connection.execute(s);
    }

    protected final void send(CharSequence sql, Kind kind) throws IOException {
        inFlight = kind;
        connection.query(sql);
    }

    /** An error the server answered with: ignored (rolled back first when in a transaction), or the end of the run. */
    private Outcome failed(Kind request, WireError error) {
        if (request == Kind.ROLLBACK || !ignored.ignores(error.code())) {
            throw new IllegalStateException(SqlErrors.describe(workload, error.code(), error.sqlState(), error.getMessage()));
        }
        if (!inTransaction) {
            return Outcome.IGNORED_ERROR;
        }
        inTransaction = false;
        try {
            send(ROLLBACK, Kind.ROLLBACK);
        } catch (IOException e) {
            return reconnect(e);
        }
        return null;
    }

    /** A lost connection: connect again and prepare again, and have the runner retry the event. */
    private Outcome reconnect(IOException cause) {
        closeQuietly();
        inTransaction = false;
        inFlight = null;
        try {
            connect();
        } catch (IOException | WireError e) {
            throw new IllegalStateException(workload + ": lost the connection (" + cause.getMessage()
                    + ") and could not reconnect: " + e.getMessage(), e);
        }
        return Outcome.RETRY;
    }

    private void closeQuietly() {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException ignore) {
                // the connection may already be gone
            }
            connection = null;
        }
    }

    @Override
    public final void close() {
        closeQuietly();
    }
}
