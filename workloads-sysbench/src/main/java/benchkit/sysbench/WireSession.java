package benchkit.sysbench;

import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import benchkit.spi.QueryCounter;
import benchkit.sysbench.wire.WireConnection;
import benchkit.sysbench.wire.WireError;
import benchkit.sysbench.wire.WireStatement;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.util.List;

/**
 * A session of the oltp_* scripts over bench's own protocol client ({@code --driver wire}): the same
 * statements, counts, tables and ids as {@link StatementSession}, sent one at a time without waiting
 * on the socket, so the runner can keep many sessions in flight from one thread. Errors as sysbench:
 * a code in --mysql-ignore-errors rolls back and counts as ignored, a lost connection reconnects,
 * prepares again and asks for a retry, anything else ends the run with a one-line message.
 */
final class WireSession implements PolledSession {
    private static final String ROLLBACK = "ROLLBACK";

    private final String workload;
    private final OltpOptions options;
    private final Step[] steps;
    private final Connector connector;
    private final QueryCounter queries;
    private final SbRandom random;
    private final RowValues values;
    private WireConnection connection;
    /** statements[query.ordinal()][table], table 1-based; null where the script does not use the query. */
    private final WireStatement[][] statements = new WireStatement[Query.values().length][];

    // Where the event is: its step, the queries done in it, the table it draws for them.
    private int step;
    private int done;
    private int table;
    /** For DELETE_INSERTS: the insert of this id and k follows the delete. */
    private boolean insertPending;
    private int pendingId;
    private int pendingK;
    /** What the request in flight counts as once it succeeds; null while none is. */
    private Kind inFlight;
    private boolean inTransaction;
    /** Run by {@link #execute()} on a thread of its own (not by an event loop). */
    private boolean ownThread;

    private enum Kind { READ, WRITE, BEGIN, COMMIT, ROLLBACK }

    WireSession(String workload, OltpOptions options, List<Step> steps, Connector connector, QueryCounter queries,
                int thread) throws IOException, WireError {
        this.workload = workload;
        this.options = options;
        this.steps = steps.toArray(new Step[0]);
        this.connector = connector;
        this.queries = queries;
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        connect();
    }

    private void connect() throws IOException, WireError {
        connection = connector.openWire();
        try {
            if (ownThread) {
                connection.ownThread();
            }
            for (Step s : steps) {
                for (Query q : s.block().queries) {
                    if (statements[q.ordinal()] == null) {
                        statements[q.ordinal()] = new WireStatement[options.tables() + 1];
                    }
                    for (int t = 1; t <= options.tables(); t++) {
                        statements[q.ordinal()][t] = connection.prepare(q.sql(t), q.params);
                    }
                }
            }
        } catch (IOException | WireError | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    @Override
    public SelectableChannel channel() {
        return connection.channel();
    }

    @Override
    public Outcome begin() throws Exception {
        step = 0;
        done = 0;
        insertPending = false;
        return sendNext();
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
        switch (finished) {
            case READ: queries.reads(1); break;
            case WRITE: queries.writes(1); break;
            case BEGIN: inTransaction = true; queries.others(1); break;
            case COMMIT: inTransaction = false; queries.others(1); break;
            case ROLLBACK: return Outcome.IGNORED_ERROR;
            default: throw new IllegalStateException("unknown request " + finished);
        }
        return sendNext();
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

    /** Sends the event's next statement; OK when there is none left. */
    private Outcome sendNext() throws Exception {
        while (step < steps.length) {
            Step s = steps[step];
            boolean first = done == 0 && !insertPending;
            int count = s.block() == Block.BEGIN || s.block() == Block.COMMIT ? 1 : s.count();
            if (done >= count) {
                step++;
                done = 0;
                continue;
            }
            if (first) {
                table = random.uniform(1, options.tables());
            }
            try {
                send(s.block());
            } catch (IOException e) {
                return reconnect(e);
            }
            return null;
        }
        return Outcome.OK;
    }

    private void send(Block block) throws IOException {
        switch (block) {
            case BEGIN: done++; query("BEGIN", Kind.BEGIN); break;
            case COMMIT: done++; query("COMMIT", Kind.COMMIT); break;
            case POINT_SELECTS: {
                WireStatement s = statement(Query.POINT_SELECT);
                s.setInt(0, id());
                done++;
                execute(s, Kind.READ);
                break;
            }
            case SIMPLE_RANGES: case SUM_RANGES: case ORDER_RANGES: case DISTINCT_RANGES: {
                WireStatement s = statement(block.queries[0]);
                int id = id();
                s.setInt(0, id);
                s.setInt(1, id + options.rangeSize() - 1);
                done++;
                execute(s, Kind.READ);
                break;
            }
            case INDEX_UPDATES: {
                WireStatement s = statement(Query.INDEX_UPDATE);
                s.setInt(0, id());
                done++;
                execute(s, Kind.WRITE);
                break;
            }
            case NON_INDEX_UPDATES: {
                WireStatement s = statement(Query.NON_INDEX_UPDATE);
                s.setString(0, values.nextCString());
                s.setInt(1, id());
                done++;
                execute(s, Kind.WRITE);
                break;
            }
            case DELETE_INSERTS:
                deleteOrInsert();
                break;
            case DELETES: {
                WireStatement s = statement(Query.DELETE);
                s.setInt(0, id());
                done++;
                execute(s, Kind.WRITE);
                break;
            }
            default: throw new IllegalStateException("unknown block " + block);
        }
    }

    /** oltp_common.lua's delete_inserts: DELETE of an id, then INSERT of the same id, each a write. */
    private void deleteOrInsert() throws IOException {
        if (!insertPending) {
            pendingId = id();
            pendingK = id();
            WireStatement delete = statement(Query.DELETE);
            delete.setInt(0, pendingId);
            insertPending = true;
            execute(delete, Kind.WRITE);
            return;
        }
        WireStatement insert = statement(Query.INSERT);
        insert.setInt(0, pendingId);
        insert.setInt(1, pendingK);
        insert.setString(2, values.nextCString());
        insert.setString(3, values.nextPadString());
        insertPending = false;
        done++;
        execute(insert, Kind.WRITE);
    }

    private WireStatement statement(Query q) {
        return statements[q.ordinal()][table];
    }

    private int id() {
        return random.next(1, options.tableSize());
    }

    private void execute(WireStatement s, Kind kind) throws IOException {
        inFlight = kind;
        connection.execute(s);
    }

    private void query(String sql, Kind kind) throws IOException {
        inFlight = kind;
        connection.query(sql);
    }

    /** An error the server answered with: ignored (rolled back first when in a transaction), or the end of the run. */
    private Outcome failed(Kind request, WireError error) throws Exception {
        if (request == Kind.ROLLBACK || !options.ignoredErrors().ignores(error.code())) {
            throw new IllegalStateException(describe(error));
        }
        if (!inTransaction) {
            return Outcome.IGNORED_ERROR;
        }
        inTransaction = false;
        try {
            query(ROLLBACK, Kind.ROLLBACK);
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

    private String describe(WireError e) {
        return SqlErrors.describe(workload, e.code(), e.sqlState(), e.getMessage());
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
