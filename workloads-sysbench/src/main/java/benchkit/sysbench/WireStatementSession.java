package benchkit.sysbench;

import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;

import java.io.IOException;
import java.util.List;

/**
 * The oltp_* scripts built from oltp_common.lua's blocks over bench's own protocol client: the same
 * statements, counts, tables and ids as {@link StatementSession}, one request at a time.
 */
final class WireStatementSession extends WireSession {
    private final OltpOptions options;
    private final Step[] steps;
    private final SbRandom random;
    private final RowValues values;
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

    WireStatementSession(String workload, OltpOptions options, List<Step> steps, Connector connector,
                         QueryCounter queries, int thread) throws IOException, WireError {
        super(workload, connector, options.ignoredErrors(), queries);
        this.options = options;
        this.steps = steps.toArray(new Step[0]);
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        connect();
    }

    @Override
    protected void prepareStatements(WireConnection c) throws IOException, WireError {
        for (Step s : steps) {
            for (Query q : s.block().queries) {
                if (statements[q.ordinal()] == null) {
                    statements[q.ordinal()] = new WireStatement[options.tables() + 1];
                }
                for (int t = 1; t <= options.tables(); t++) {
                    statements[q.ordinal()][t] = c.prepare(q.sql(t), q.params);
                }
            }
        }
    }

    @Override
    protected void startEvent() {
        step = 0;
        done = 0;
        insertPending = false;
    }

    @Override
    protected Outcome sendNext() throws IOException {
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
            send(s.block());
            return null;
        }
        return Outcome.OK;
    }

    private void send(Block block) throws IOException {
        switch (block) {
            case BEGIN: done++; send("BEGIN", Kind.BEGIN); break;
            case COMMIT: done++; send("COMMIT", Kind.COMMIT); break;
            case POINT_SELECTS: {
                WireStatement s = statement(Query.POINT_SELECT);
                s.setInt(0, id());
                done++;
                send(s, Kind.READ);
                break;
            }
            case SIMPLE_RANGES: case SUM_RANGES: case ORDER_RANGES: case DISTINCT_RANGES: {
                WireStatement s = statement(block.queries[0]);
                int id = id();
                s.setInt(0, id);
                s.setInt(1, id + options.rangeSize() - 1);
                done++;
                send(s, Kind.READ);
                break;
            }
            case INDEX_UPDATES: {
                WireStatement s = statement(Query.INDEX_UPDATE);
                s.setInt(0, id());
                done++;
                send(s, Kind.WRITE);
                break;
            }
            case NON_INDEX_UPDATES: {
                WireStatement s = statement(Query.NON_INDEX_UPDATE);
                s.setString(0, values.nextCString());
                s.setInt(1, id());
                done++;
                send(s, Kind.WRITE);
                break;
            }
            case DELETE_INSERTS:
                deleteOrInsert();
                break;
            case DELETES: {
                WireStatement s = statement(Query.DELETE);
                s.setInt(0, id());
                done++;
                send(s, Kind.WRITE);
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
            send(delete, Kind.WRITE);
            return;
        }
        WireStatement insert = statement(Query.INSERT);
        insert.setInt(0, pendingId);
        insert.setInt(1, pendingK);
        insert.setString(2, values.nextCString());
        insert.setString(3, values.nextPadString());
        insertPending = false;
        done++;
        send(insert, Kind.WRITE);
    }

    private WireStatement statement(Query q) {
        return statements[q.ordinal()][table];
    }

    private int id() {
        return random.next(1, options.tableSize());
    }
}
