package benchkit.mysql.script;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.Request.Kind;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;
import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.util.List;

/**
 * A session over bench's own protocol client ({@code --driver wire}) that runs a {@link RequestScript}'s
 * events: requests are sent one at a time without waiting on the socket, so the runner can keep many
 * sessions in flight from one thread. Errors as sysbench, and as {@link JdbcSession}: an ignored code
 * rolls back (see {@link ScriptSession}) and counts as ignored, a lost connection reconnects, prepares
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

    WireSession(Setup setup) {
        super(setup);
        connect();
    }

    /** Connects and prepares the script's statements; a failure is one line naming what failed. */
    private void connect() {
        try {
            connection = driver.openWire();
        } catch (WireError e) {
            throw new IllegalStateException(connectFailure(SqlErrors.describe(e.code(), e.sqlState(), e.getMessage())), e);
        } catch (IOException e) {
            throw new IllegalStateException(connectFailure(ioMessage(e)), e);
        }
        int statement = 0;
        try {
            if (ownThread) {
                connection.ownThread();
            }
            List<RequestScript.Prepared> statements = script.statements();
            prepared = new WireStatement[statements.size()];
            for (; statement < prepared.length; statement++) {
                prepared[statement] = prepare(statements.get(statement));
            }
        } catch (WireError e) {
            closeQuietly();
            throw new IllegalStateException(prepareFailure(statement, SqlErrors.describe(e.code(), e.sqlState(), e.getMessage())), e);
        } catch (IOException e) {
            closeQuietly();
            throw new IllegalStateException(connectFailure(ioMessage(e)), e);
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /** The statement prepared; null for one the server cannot prepare (BEGIN on MySQL), which goes as text. */
    private WireStatement prepare(RequestScript.Prepared statement) throws IOException, WireError {
        try {
            return connection.prepare(statement.sql(), statement.params());
        } catch (WireError e) {
            if (statement.goesAsTextAfter(e.code())) {
                return null;
            }
            throw e;
        }
    }

    /** Sends the event's next request and returns null, or returns OK when the event has sent all of them. */
    private Outcome sendNext() throws IOException {
        if (!script.next(request)) {
            return Outcome.OK;
        }
        inFlight = request.kind();
        if (request.isText()) {
            connection.query(request.text());
        } else if (prepared[request.statement()] == null) {
            connection.query(script.statements().get(request.statement()).sql());
        } else {
            WireStatement s = prepared[request.statement()];
            request.bind(s);
            connection.execute(s);
        }
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
        answered(finished, connection.rows() > 0);
        return finished == Kind.ROLLBACK ? Outcome.IGNORED_ERROR : next();
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

    /**
     * An error the server answered with, by the rule {@link JdbcSession} follows too ({@link IgnoredErrors}): a lost
     * connection reconnects, an ignored code rolls back where needed, anything else ends the run.
     */
    private Outcome failed(Kind request, WireError error) {
        String description = SqlErrors.describe(error.code(), error.sqlState(), error.getMessage());
        IgnoredErrors.Action action = request == Kind.ROLLBACK
                ? IgnoredErrors.afterFailedRollback(error.code(), error.sqlState())
                : ignored.actionFor(error.code(), error.sqlState());
        if (action == IgnoredErrors.Action.RECONNECT) {
            return reconnect(new IOException(description, error));
        }
        if (action == IgnoredErrors.Action.FAIL) {
            throw new IllegalStateException(failure(request == Kind.ROLLBACK
                    ? "ROLLBACK after an ignored error failed: " + description : description));
        }
        if (!rollBackAfterIgnoredError()) {
            return Outcome.IGNORED_ERROR;
        }
        try {
            inFlight = Kind.ROLLBACK;
            connection.query(ROLLBACK);
        } catch (IOException e) {
            return reconnect(e);
        }
        return null;
    }

    /** A lost connection: connect again and prepare again, and have the runner retry the event. */
    private Outcome reconnect(IOException cause) {
        closeQuietly();
        connectionLost();
        inFlight = null;
        try {
            connect();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(reconnectFailure(ioMessage(cause), e.getMessage()), e);
        }
        return Outcome.RETRY;
    }

    /** Deallocates the statements on the server, as sysbench's threads do when they end; none after a lost connection. */
    private void closeStatements() throws IOException {
        if (connection == null) {
            return;
        }
        for (WireStatement s : prepared) {
            if (s != null) {    // null: sent as text
                connection.closeStatement(s);
            }
        }
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
        try {
            while (connection != null && script.finish(request)) {
                connection.query(request.text());
                connection.awaitReply();
                WireError error = connection.error();
                if (error != null) {
                    throw new IllegalStateException(failure(SqlErrors.describe(error.code(), error.sqlState(), error.getMessage())));
                }
                answered(request.kind(), connection.rows() > 0);
            }
            closeStatements();
        } catch (IOException e) {
            throw new IllegalStateException(failure("connection lost: " + e.getMessage()), e);
        } finally {
            closeQuietly();
        }
    }
}
