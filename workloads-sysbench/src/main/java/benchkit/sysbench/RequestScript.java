package benchkit.sysbench;

import benchkit.mysql.wire.ParamType;

import java.util.List;

/**
 * A sysbench script as its Lua has it, for either driver: the statements it prepares on each
 * connection, and what one event sends, one request at a time. The session that drives it owns the
 * connection, the errors, the rollback and the reconnect: a blocking JDBC session ({@link JdbcSession})
 * or a polled session of bench's wire client ({@link WireSession}). This is sysbench's own split
 * between its C driver and its Lua scripts; a script is written once and both drivers send exactly
 * the same requests with the same random values.
 */
interface RequestScript {
    /** A statement prepared on every (re)connection; requests name it by its place in {@link #statements()}. */
    record Prepared(String sql, ParamType... params) {
    }

    /** Prepared on every (re)connection, in this order. */
    List<Prepared> statements();

    /** Starts a new event (also after a retry: an event is never resumed half-way). */
    void startEvent();

    /** Fills {@code request} with the event's next request, or returns false when the event has sent all of them. */
    boolean next(Request request);
}
