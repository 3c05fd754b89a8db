package benchkit.sysbench;

import benchkit.mysql.wire.ParamType;

/**
 * One request of an event, as a {@link RequestScript} fills it and a session sends it: a prepared
 * statement of the script (by index) with its parameters, or a text query. One instance per session,
 * refilled for every request, so an event allocates nothing here.
 */
final class Request {
    /** How sysbench counts a request once the server has answered it. */
    enum Kind {
        READ, WRITE, BEGIN, COMMIT,
        /** Sent by a session only, after an ignored error inside a transaction. */
        ROLLBACK
    }

    /** The parameters of a prepared statement by position; {@link #params()} says which array holds each. */
    final int[] ints;
    final String[] strings;
    /** types[statement]: the parameter types of each of the script's statements. */
    private final ParamType[][] types;
    private Kind kind;
    private int statement;
    private CharSequence text;

    /** A request for {@code script}'s statements. */
    Request(RequestScript script) {
        types = script.statements().stream().map(RequestScript.Prepared::params).toArray(ParamType[][]::new);
        int most = 0;
        for (ParamType[] t : types) {
            most = Math.max(most, t.length);
        }
        ints = new int[most];
        strings = new String[most];
    }

    /** The script's statement number {@code index}, with the parameters set in {@link #ints} / {@link #strings}. */
    void prepared(int index, Kind counted) {
        statement = index;
        text = null;
        kind = counted;
    }

    /** A text query (BEGIN, COMMIT, oltp_insert's plain INSERT); {@code sql} is read before the next request. */
    void text(CharSequence sql, Kind counted) {
        statement = -1;
        text = sql;
        kind = counted;
    }

    Kind kind() {
        return kind;
    }

    boolean isText() {
        return statement < 0;
    }

    int statement() {
        return statement;
    }

    /** The parameter types of the prepared statement this request names. */
    ParamType[] params() {
        return types[statement];
    }

    CharSequence text() {
        return text;
    }
}
