package benchkit.sysbench;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.wire.ParamType;
import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import benchkit.spi.QueryCounter;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;
import benchkit.sysbench.Request.Kind;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.util.List;

/**
 * A session over bench's own protocol client ({@code --driver wire}) that runs a {@link RequestScript}'s
 * events: requests are sent one at a time without waiting on the socket, so the runner can keep many
 * sessions in flight from one thread. Errors as sysbench, and as {@link JdbcSession}: a code in
 * --mysql-ignore-errors rolls back and counts as ignored, a lost connection reconnects, prepares
 * again and asks for a retry, anything else ends the run with a one-line message.
 */
final class WireSession extends ScriptSession implements PolledSession {
    private static final String ROLLBACK = "ROLLBACK";

    private WireConnection connection;
    private WireStatement[] prepared;
    /** What the request in flight counts as once it succeeds; null while none is. */
    private Kind inFlight;
    /** Run by {@link #execute()} on a thread of its own (not by an event loop). */
    private boolean ownThread;

    WireSession(String workload, RequestScript script, Connector connector, IgnoredErrors ignored, QueryCounter queries)
            throws IOException, WireError {
        super(workload, script, connector, ignored, queries);
        connect();
    }

    /** Connects and prepares the script's statements. */
    private void connect() throws IOException, WireError {
        connection = connector.openWire();
        try {
            if (ownThread) {
                connection.ownThread();
            }
            List<RequestScript.Prepared> statements = script.statements();
            prepared = new WireStatement[statements.size()];
            for (int i = 0; i < prepared.length; i++) {
                prepared[i] = connection.prepare(statements.get(i).sql(), statements.get(i).params());
            }
        } catch (IOException | WireError | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /** Sends the event's next request and returns null, or returns OK when the event has sent all of them. */
    private Outcome sendNext() throws IOException {
        if (!script.next(request)) {
            return Outcome.OK;
        }
        if (request.isText()) {
            send(request.text(), request.kind());
            return null;
        }
        WireStatement s = prepared[request.statement()];
        ParamType[] params = request.params();
        for (int i = 0; i < params.length; i++) {
            if (params[i] == ParamType.INT) {
                s.setInt(i, request.ints[i]);
            } else {
                s.setString(i, request.strings[i]);
            }
        }
        send(s, request.kind());
        return null;
    }

    @Override
    public SelectableChannel channel() {
        return connection.channel();
    }

    @Override
    public Outcome begin() throws Exception {
        script.startEvent();
        return next();
    }

    @Override
    public Outcome resume() throws Exception {
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
        if (finished == Kind.ROLLBACK) {
            return Outcome.IGNORED_ERROR;
        }
        answered(finished);
        return next();
    }

    @Override
    public Outcome execute() throws Exception {
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

    private void send(WireStatement s, Kind kind) throws IOException {
        inFlight = kind;
        connection.execute(s);
    }

    private void send(CharSequence sql, Kind kind) throws IOException {
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
    public void close() {
        closeQuietly();
    }
}
