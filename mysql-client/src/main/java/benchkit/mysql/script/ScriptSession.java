package benchkit.mysql.script;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.QueryCounter;

/**
 * What the two drivers of a {@link RequestScript} share ({@link JdbcSession} blocking,
 * {@link WireSession} polled): the script, its one reused {@link Request}, the ignored error codes,
 * how a request the server answered counts (as sysbench counts it), when an ignored error rolls back,
 * and how a failure reads: one line naming the workload and, where the script says, the statement.
 */
abstract class ScriptSession {
    protected final String workload;
    protected final RequestScript script;
    protected final Request request;
    protected final ScriptSessions driver;
    protected final IgnoredErrors ignored;
    private final QueryCounter queries;
    /** Between a BEGIN and its COMMIT: an ignored error then rolls back first. */
    private boolean inTransaction;

    /** What a session is opened with, by {@link ScriptSessions#openSession}: {@code workload} names it in messages. */
    record Setup(String workload, RequestScript script, ScriptSessions driver, IgnoredErrors ignored, QueryCounter queries) {
    }

    ScriptSession(Setup setup) {
        this.workload = setup.workload();
        this.script = setup.script();
        this.request = new Request(script.statements());
        this.driver = setup.driver();
        this.ignored = setup.ignored();
        this.queries = setup.queries();
    }

    /**
     * Counts a request the server answered without an error ({@code found}: whether a
     * {@link Request.Kind#LOOKUP} found a row), and follows the transaction it opens or ends.
     */
    protected final void answered(Request.Kind kind, boolean found) {
        switch (kind) {
            case READ -> queries.reads(1);
            case WRITE -> queries.writes(1);
            case OTHER -> queries.others(1);
            case LOOKUP -> {
                if (found) {
                    queries.reads(1);
                } else {
                    queries.others(1);
                }
            }
            case BEGIN -> {
                inTransaction = true;
                queries.others(1);
            }
            case COMMIT -> {
                inTransaction = false;
                queries.others(1);
            }
            case ROLLBACK -> {
                if (script.rollsBackEveryIgnoredError()) {
                    queries.others(1);
                }
            }
        }
    }

    /**
     * After an ignored error: whether to send a ROLLBACK now (inside a transaction the script opened, or
     * always for a script that asks so); the transaction is over either way.
     */
    protected final boolean rollBackAfterIgnoredError() {
        boolean rollBack = inTransaction || script.rollsBackEveryIgnoredError();
        inTransaction = false;
        return rollBack;
    }

    /** After a lost connection: no transaction survives it. */
    protected final void connectionLost() {
        inTransaction = false;
    }

    /** One line: the workload, where the request in flight comes from (if the script says), and what went wrong. */
    protected final String failure(String what) {
        String where = script.where();
        return workload + ": " + (where.isEmpty() ? "" : where + ": ") + what;
    }

    /** A statement of the script the server would not prepare, named by where it is written or by its SQL. */
    protected final String prepareFailure(int statement, String what) {
        RequestScript.Prepared p = script.statements().get(statement);
        return workload + ": cannot prepare " + (p.where().isEmpty() ? "\"" + p.sql() + "\"" : "the statement at " + p.where())
                + ": " + what;
    }

    /**
     * What an I/O failure says, where many say nothing (the JDK's EOFException and socket errors carry no message, and
     * the line read "lost the connection (null)" when a full disk made the server close it).
     */
    protected static String ioMessage(java.io.IOException e) {
        if (e.getMessage() != null && !e.getMessage().isBlank()) {
            return e.getMessage();
        }
        return e instanceof java.io.EOFException ? "the server closed the connection" : e.getClass().getSimpleName();
    }

    /** The connection could not be opened. */
    protected final String connectFailure(String what) {
        return workload + ": cannot connect to " + driver + ": " + what;
    }

    /** A lost connection that could not be opened again. */
    protected final String reconnectFailure(String cause, String what) {
        String where = script.where();
        return workload + ": lost the connection" + (where.isEmpty() ? "" : " at " + where) + " (" + cause
                + ") and could not reconnect: " + what;
    }
}
