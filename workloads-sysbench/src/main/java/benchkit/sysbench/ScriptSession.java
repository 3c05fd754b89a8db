package benchkit.sysbench;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.QueryCounter;

/**
 * What the two drivers of a {@link RequestScript} share ({@link JdbcSession} blocking,
 * {@link WireSession} polled): the script, its one reused {@link Request}, the connection settings,
 * the ignored error codes, and how a request the server answered counts, as sysbench counts it.
 */
abstract class ScriptSession {
    protected final String workload;
    protected final RequestScript script;
    protected final Request request;
    protected final Connector connector;
    protected final IgnoredErrors ignored;
    private final QueryCounter queries;
    /** Between a BEGIN and its COMMIT: an ignored error then rolls back first. */
    protected boolean inTransaction;

    ScriptSession(String workload, RequestScript script, Connector connector, IgnoredErrors ignored, QueryCounter queries) {
        this.workload = workload;
        this.script = script;
        this.request = new Request(script);
        this.connector = connector;
        this.ignored = ignored;
        this.queries = queries;
    }

    /** Counts a request the server answered without an error, and follows the transaction it opens or ends. */
    protected final void answered(Request.Kind kind) {
        switch (kind) {
            case READ: queries.reads(1); break;
            case WRITE: queries.writes(1); break;
            case BEGIN: inTransaction = true; queries.others(1); break;
            case COMMIT: inTransaction = false; queries.others(1); break;
            default: throw new IllegalStateException("a script does not send " + kind);
        }
    }
}
