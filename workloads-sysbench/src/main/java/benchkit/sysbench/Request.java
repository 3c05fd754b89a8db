package benchkit.sysbench;

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

    /** The parameters of a prepared statement by position; the statement's types say which array holds each. */
    final int[] ints;
    final String[] strings;
    private Kind kind;
    private int statement;
    private CharSequence text;

    Request(int maxParams) {
        ints = new int[maxParams];
        strings = new String[maxParams];
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

    CharSequence text() {
        return text;
    }
}
