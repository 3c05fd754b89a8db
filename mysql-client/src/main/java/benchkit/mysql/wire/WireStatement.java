package benchkit.mysql.wire;

import java.nio.charset.StandardCharsets;

/** A statement prepared on one connection, and the parameter values its next execution sends. */
public final class WireStatement {
    final int id;
    final String sql;
    /** Null until {@link #bind} gives them (a statement prepared without types). */
    ParamType[] types;
    /** INT and LONG parameters, and DOUBLE ones by their bits. */
    final long[] numbers;
    /** Which parameters are SQL NULL at the next execution. */
    final boolean[] nulls;
    /** STRING parameters of ASCII characters (all sysbench sends), written char by char; null for the others. */
    final String[] ascii;
    /** BYTES parameters, and STRING ones with other characters, encoded in UTF-8. */
    final byte[][] bytes;
    /** Whether an execution sent the parameters' types; later ones leave them out. */
    boolean typesSent;

    WireStatement(int id, String sql, int parameters) {
        this.id = id;
        this.sql = sql;
        this.numbers = new long[parameters];
        this.nulls = new boolean[parameters];
        this.ascii = new String[parameters];
        this.bytes = new byte[parameters][];
        if (parameters == 0) {
            types = new ParamType[0];
        }
    }

    /** How many parameters ({@code ?}) the statement has, as the server counted them. */
    public int parameterCount() {
        return numbers.length;
    }

    /**
     * Gives the parameters' types, one per parameter; the next execution sends them to the server. Values set
     * before are forgotten (every parameter is NULL until set).
     */
    public void bind(ParamType... given) {
        if (given.length != numbers.length) {
            throw new IllegalArgumentException(sql + ": " + numbers.length + " parameters, " + given.length + " types given");
        }
        types = given.clone();
        java.util.Arrays.fill(nulls, true);
        typesSent = false;
    }

    /** At least the bytes of COM_STMT_EXECUTE's payload with the parameters set now. */
    int executeBytes() {
        int n = numbers.length;
        int size = 10 + (n + 7) / 8 + 1 + 2 * n;   // command, id, flags, iterations; NULL bitmap, types
        for (int i = 0; i < n; i++) {
            if (nulls[i]) {
                continue;
            }
            size += switch (types[i]) {
                case INT, LONG, DOUBLE -> 8;
                case STRING, BYTES -> 9 + (ascii[i] != null ? ascii[i].length() : bytes[i].length);
            };
        }
        return size;
    }

    /** Sets parameter {@code index} (0-based), which must be an {@link ParamType#INT}. */
    public void setInt(int index, int value) {
        check(index, ParamType.INT);
        numbers[index] = value;
        nulls[index] = false;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#LONG}. */
    public void setLong(int index, long value) {
        check(index, ParamType.LONG);
        numbers[index] = value;
        nulls[index] = false;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#DOUBLE}. */
    public void setDouble(int index, double value) {
        check(index, ParamType.DOUBLE);
        numbers[index] = Double.doubleToRawLongBits(value);
        nulls[index] = false;
    }

    /** Makes parameter {@code index} (0-based), of any type, SQL NULL at the next execution. */
    public void setNull(int index) {
        check(index, types[index]);
        nulls[index] = true;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#STRING}. */
    public void setString(int index, String value) {
        check(index, ParamType.STRING);
        nulls[index] = false;
        if (isAscii(value)) {
            // sysbench's values: written char by char, no array to encode into
            ascii[index] = value;
            bytes[index] = null;
        } else {
            ascii[index] = null;
            bytes[index] = value.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Sets parameter {@code index} (0-based), which must be {@link ParamType#BYTES}; sent as it is at the next execution. */
    public void setBytes(int index, byte[] value) {
        check(index, ParamType.BYTES);
        bytes[index] = value;
        nulls[index] = false;
    }

    private void check(int index, ParamType type) {
        if (types == null) {
            throw new IllegalStateException("parameter " + index + " set before the statement's types were bound: " + sql);
        }
        if (types[index] != type) {
            throw new IllegalArgumentException("parameter " + index + " is a " + types[index]);
        }
    }

    static boolean isAscii(CharSequence s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
