package benchkit.mysql.script;

import benchkit.mysql.wire.ParamType;
import benchkit.mysql.wire.WireStatement;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One request of an event, as a {@link RequestScript} fills it and a session sends it: a prepared
 * statement of the script (by index) with its parameters, or a text query. One instance per session,
 * refilled for every request, so an event allocates nothing here.
 */
public final class Request {
    /** How a request is counted once the server has answered it without an error, as sysbench counts queries. */
    public enum Kind {
        READ, WRITE, OTHER,
        /** A read whose empty answer counts as other: a key-value get that misses. */
        LOOKUP,
        /** Counted as other; opens a transaction, so that an ignored error inside it rolls back. */
        BEGIN,
        /** Counted as other; ends the transaction. */
        COMMIT,
        /** Sent by a session only, after an ignored error inside a transaction. */
        ROLLBACK
    }

    // The parameters of a prepared statement by position; its types say which array holds each.
    private final int[] ints;
    private final long[] longs;
    private final String[] strings;
    private final byte[][] bytes;
    private final List<RequestScript.Prepared> statements;
    /** types[statement]: the parameter types of each statement. */
    private final ParamType[][] types;
    private Kind kind;
    private int statement;
    private CharSequence text;

    /** A request for {@code statements} (a script's {@link RequestScript#statements()}). */
    public Request(List<RequestScript.Prepared> statements) {
        this.statements = statements;
        types = statements.stream().map(RequestScript.Prepared::params).toArray(ParamType[][]::new);
        int most = 0;
        for (ParamType[] t : types) {
            most = Math.max(most, t.length);
        }
        ints = new int[most];
        longs = new long[most];
        strings = new String[most];
        bytes = new byte[most][];
    }

    /** Sets parameter {@code index} (0-based) of the next prepared request; its type must be {@link ParamType#INT}. */
    public void setInt(int index, int value) {
        ints[index] = value;
    }

    /** As {@link #setInt}, for a {@link ParamType#LONG}. */
    public void setLong(int index, long value) {
        longs[index] = value;
    }

    /** As {@link #setInt}, for a {@link ParamType#DOUBLE}. */
    public void setDouble(int index, double value) {
        longs[index] = Double.doubleToRawLongBits(value);
    }

    /** As {@link #setInt}, for a {@link ParamType#STRING}. */
    public void setString(int index, String value) {
        strings[index] = value;
    }

    /** As {@link #setInt}, for {@link ParamType#BYTES}; the array is sent as it is when the request goes. */
    public void setBytes(int index, byte[] value) {
        bytes[index] = value;
    }

    /** The statement number {@code index}, with the parameters set. */
    public void prepared(int index, Kind counted) {
        statement = index;
        text = null;
        kind = counted;
    }

    /** A text query (BEGIN, COMMIT, a statement sent unprepared); {@code sql} is read before the next request. */
    public void text(CharSequence sql, Kind counted) {
        statement = -1;
        text = sql;
        kind = counted;
    }

    /** Binds the parameters set to {@code s}, the JDBC statement prepared for {@link #statement()}. */
    public void bind(PreparedStatement s) throws SQLException {
        ParamType[] params = types[statement];
        for (int i = 0; i < params.length; i++) {
            switch (params[i]) {
                case INT -> s.setInt(i + 1, ints[i]);
                case LONG -> s.setLong(i + 1, longs[i]);
                case DOUBLE -> s.setDouble(i + 1, Double.longBitsToDouble(longs[i]));
                case STRING -> s.setString(i + 1, strings[i]);
                case BYTES -> s.setBytes(i + 1, bytes[i]);
            }
        }
    }

    /** As {@link #bind(PreparedStatement)}, to bench's wire client's statement. */
    void bind(WireStatement s) {
        ParamType[] params = types[statement];
        for (int i = 0; i < params.length; i++) {
            switch (params[i]) {
                case INT -> s.setInt(i, ints[i]);
                case LONG -> s.setLong(i, longs[i]);
                case DOUBLE -> s.setDouble(i, Double.longBitsToDouble(longs[i]));
                case STRING -> s.setString(i, strings[i]);
                case BYTES -> s.setBytes(i, bytes[i]);
            }
        }
    }

    /** e.g. {@code SELECT c FROM sbtest1 WHERE id=? | 42 | READ}, or {@code BEGIN | BEGIN}: the SQL, the parameters, the kind. */
    @Override
    public String toString() {
        if (isText()) {
            return text + " | " + kind;
        }
        ParamType[] params = types[statement];
        if (params.length == 0) {
            return statements.get(statement).sql() + " | " + kind;
        }
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < params.length; i++) {
            args.append(i > 0 ? "," : "").append(switch (params[i]) {
                case INT -> String.valueOf(ints[i]);
                case LONG -> String.valueOf(longs[i]);
                case DOUBLE -> String.valueOf(Double.longBitsToDouble(longs[i]));
                case STRING -> strings[i];
                case BYTES -> bytes[i].length + " bytes";
            });
        }
        return statements.get(statement).sql() + " | " + args + " | " + kind;
    }

    Kind kind() {
        return kind;
    }

    boolean isText() {
        return statement < 0;
    }

    /**
     * Writes into {@code sql} (emptied first) the prepared request as a text query: its statement with every {@code ?}
     * replaced by its parameter's literal, as sysbench's {@code --db-ps-mode=disable} sends it. Numbers as digits,
     * strings quoted (quote and backslash escaped), bytes as a hex literal.
     */
    void inline(StringBuilder sql) {
        sql.setLength(0);
        String template = statements.get(statement).sql();
        ParamType[] params = types[statement];
        int param = 0;
        char quote = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '?' && param < params.length) {
                literal(sql, params[param], param++);
                continue;
            }
            sql.append(c);
        }
    }

    private void literal(StringBuilder sql, ParamType type, int i) {
        switch (type) {
            case INT -> sql.append(ints[i]);
            case LONG -> sql.append(longs[i]);
            case DOUBLE -> sql.append(Double.longBitsToDouble(longs[i]));
            case STRING -> {
                sql.append('\'');
                String v = strings[i];
                for (int k = 0; k < v.length(); k++) {
                    char c = v.charAt(k);
                    if (c == '\'' || c == '\\') {
                        sql.append('\\');
                    }
                    sql.append(c);
                }
                sql.append('\'');
            }
            case BYTES -> {
                sql.append("X'");
                for (byte b : bytes[i]) {
                    sql.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
                }
                sql.append('\'');
            }
        }
    }

    int statement() {
        return statement;
    }

    CharSequence text() {
        return text;
    }
}
