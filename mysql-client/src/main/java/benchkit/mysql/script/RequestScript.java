package benchkit.mysql.script;

import benchkit.mysql.SqlErrors;
import benchkit.mysql.wire.ParamType;

import java.util.List;

/**
 * What one event of a SQL workload sends, one request at a time, for either driver: the statements
 * it prepares on each connection, and the requests of an event. The session that drives it owns the
 * connection, the errors, the rollback and the reconnect: a blocking JDBC session or a polled session
 * of bench's wire client ({@link ScriptSessions#openSession}). This is sysbench's split between its C
 * driver and its Lua scripts (and BenchBase's between {@code Worker} and a procedure): a script is
 * written once, and both drivers send exactly the same requests with the same values.
 */
public interface RequestScript {
    /**
     * A statement prepared on every (re)connection; requests name it by its place in {@link #statements()}.
     *
     * @param where where it is written, for an error message about it (e.g. {@code kv.sql:7}); empty when
     *              the workload's name says enough
     */
    record Prepared(String sql, String where, ParamType... params) {
        public Prepared(String sql, ParamType... params) {
            this(sql, "", params);
        }

        /**
         * Whether the server's refusal to prepare it (error {@code code}) has it sent as text instead, as sysbench's
         * MySQL driver sends it: BEGIN and COMMIT on MySQL ({@link SqlErrors#cannotPrepare}); one with parameters
         * cannot go as text.
         */
        public boolean goesAsTextAfter(int code) {
            return SqlErrors.cannotPrepare(code) && params.length == 0;
        }
    }

    /** Prepared on every (re)connection, in this order. */
    List<Prepared> statements();

    /** Starts a new event (also after a retry: an event is never resumed half-way). */
    void startEvent();

    /** Fills {@code request} with the event's next request, or returns false when the event has sent all of them. */
    boolean next(Request request);

    /**
     * After the last event, before the session closes: fills a last request to send (sysbench's thread_done, e.g. the
     * rows a bulk INSERT still holds), or returns false when there is none. Called until it returns false; an error
     * of such a request is reported as the session's failure.
     */
    default boolean finish(Request request) {
        return false;
    }

    /**
     * Where the request filled last comes from, for an error message about it (the SQL template names
     * its event, file and line); empty when the workload's name says enough.
     */
    default String where() {
        return "";
    }

    /**
     * Whether the session rolls back after every ignored error, not only inside a BEGIN the script
     * sent: a script of the user's own SQL may open a transaction in ways a session cannot see (START
     * TRANSACTION, autocommit off, a procedure), and a ROLLBACK outside one is harmless. That ROLLBACK is
     * then counted as other, as the statements of such a script are. sysbench's scripts mark their
     * transactions, and their rollback is not counted.
     */
    default boolean rollsBackEveryIgnoredError() {
        return false;
    }
}
