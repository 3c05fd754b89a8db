package benchkit.sysbench;

import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;

import java.util.ArrayList;
import java.util.List;

/**
 * The oltp_* scripts built from oltp_common.lua's blocks: every statement is prepared once per table;
 * each step of an event runs its block {@code count} times against one table picked uniformly, with
 * ids from the --rand-type distribution, drawing its random values in the Lua's order.
 */
final class OltpEvents implements RequestScript {
    private final OltpOptions options;
    private final Step[] steps;
    private final SbRandom random;
    private final RowValues values;
    private final List<Prepared> statements = new ArrayList<>();
    /** index[query.ordinal()][table]: the statement's place in {@link #statements}, table 1-based; null where unused. */
    private final int[][] index = new int[Query.values().length][];
    /** BEGIN's and COMMIT's places in {@link #statements}: oltp_common.lua prepares them too. */
    private int begin = -1;
    private int commit = -1;

    // Where the event is: its step, the requests done in it, the table the step draws for them.
    private int step;
    private int done;
    private int table;
    /** For DELETE_INSERTS: the insert of this id and k follows the delete. */
    private boolean insertPending;
    private int pendingId;
    private int pendingK;

    OltpEvents(OltpOptions options, List<Step> steps, int thread) {
        this.options = options;
        this.steps = steps.toArray(new Step[0]);
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        for (Step s : this.steps) {
            if (s.block() == Block.BEGIN && begin < 0) {
                // the server counts their executions (Com_stmt_execute) as sysbench's; one that cannot prepare them
                // (MySQL: error 1295) gets them as text, as sysbench's MySQL driver sends them then
                begin = statements.size();
                statements.add(new Prepared("BEGIN"));
                commit = statements.size();
                statements.add(new Prepared("COMMIT"));
            }
            for (Query q : s.block().queries) {
                if (index[q.ordinal()] != null) {
                    continue;
                }
                index[q.ordinal()] = new int[options.tables() + 1];
                for (int t = 1; t <= options.tables(); t++) {
                    index[q.ordinal()][t] = statements.size();
                    statements.add(new Prepared(q.sql(options.tableName(t)), q.params));
                }
            }
        }
    }

    @Override
    public List<Prepared> statements() {
        return statements;
    }

    @Override
    public void startEvent() {
        step = 0;
        done = 0;
        insertPending = false;
    }

    @Override
    public boolean next(Request r) {
        while (step < steps.length) {
            Step s = steps[step];
            Block block = s.block();
            boolean transaction = block == Block.BEGIN || block == Block.COMMIT;
            if (done >= (transaction ? 1 : s.count())) {
                step++;
                done = 0;
                continue;
            }
            if (done == 0 && !insertPending && !transaction) {
                table = random.uniform(1, options.tables());    // as the Lua: once per block, not for BEGIN/COMMIT
            }
            fill(block, r);
            return true;
        }
        return false;
    }

    private void fill(Block block, Request r) {
        switch (block) {
            case BEGIN: done++; r.prepared(begin, Request.Kind.BEGIN); break;
            case COMMIT: done++; r.prepared(commit, Request.Kind.COMMIT); break;
            case POINT_SELECTS:
                r.setInt(0, id());
                done++;
                r.prepared(statement(Query.POINT_SELECT), Request.Kind.READ);
                break;
            case SIMPLE_RANGES: case SUM_RANGES: case ORDER_RANGES: case DISTINCT_RANGES: {
                int id = id();
                r.setInt(0, id);
                r.setInt(1, id + options.rangeSize() - 1);
                done++;
                r.prepared(statement(block.queries[0]), Request.Kind.READ);
                break;
            }
            case INDEX_UPDATES:
                r.setInt(0, id());
                done++;
                r.prepared(statement(Query.INDEX_UPDATE), Request.Kind.WRITE);
                break;
            case NON_INDEX_UPDATES:
                r.setString(0, values.nextCString());
                r.setInt(1, id());
                done++;
                r.prepared(statement(Query.NON_INDEX_UPDATE), Request.Kind.WRITE);
                break;
            case DELETE_INSERTS:
                deleteOrInsert(r);
                break;
            case DELETES:
                r.setInt(0, id());
                done++;
                r.prepared(statement(Query.DELETE), Request.Kind.WRITE);
                break;
            default: throw new IllegalStateException("unknown block " + block);
        }
    }

    /** oltp_common.lua's delete_inserts: DELETE of an id, then INSERT of the same id, each a write. */
    private void deleteOrInsert(Request r) {
        if (!insertPending) {
            pendingId = id();
            pendingK = id();
            r.setInt(0, pendingId);
            insertPending = true;
            r.prepared(statement(Query.DELETE), Request.Kind.WRITE);
            return;
        }
        r.setInt(0, pendingId);
        r.setInt(1, pendingK);
        r.setString(2, values.nextCString());
        r.setString(3, values.nextPadString());
        insertPending = false;
        done++;
        r.prepared(statement(Query.INSERT), Request.Kind.WRITE);
    }

    private int statement(Query q) {
        return index[q.ordinal()][table];
    }

    private int id() {
        return random.next(1, options.tableSize());
    }
}
