package benchkit.mysql.wire;

import java.nio.charset.StandardCharsets;

/** A statement prepared on one connection, and the parameter values its next execution sends. */
public final class WireStatement {
    final int id;
    final ParamType[] types;
    /** INT and LONG parameters. */
    final long[] numbers;
    /** STRING parameters of ASCII characters (all sysbench sends), written char by char; null for the others. */
    final String[] ascii;
    /** BYTES parameters, and STRING ones with other characters, encoded in UTF-8. */
    final byte[][] bytes;
    /** Whether an execution sent the parameters' types; later ones leave them out. */
    boolean typesSent;

    WireStatement(int id, ParamType[] types) {
        this.id = id;
        this.types = types.clone();
        this.numbers = new long[types.length];
        this.ascii = new String[types.length];
        this.bytes = new byte[types.length][];
    }

    /** At least the bytes of COM_STMT_EXECUTE's payload with the parameters set now. */
    int executeBytes() {
        int n = types.length;
        int size = 10 + (n + 7) / 8 + 1 + 2 * n;   // command, id, flags, iterations; NULL bitmap, types
        for (int i = 0; i < n; i++) {
            size += switch (types[i]) {
                case INT, LONG -> 8;
                case STRING, BYTES -> 9 + (ascii[i] != null ? ascii[i].length() : bytes[i].length);
            };
        }
        return size;
    }

    /** Sets parameter {@code index} (0-based), which must be an {@link ParamType#INT}. */
    public void setInt(int index, int value) {
        check(index, ParamType.INT);
        numbers[index] = value;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#LONG}. */
    public void setLong(int index, long value) {
        check(index, ParamType.LONG);
        numbers[index] = value;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#STRING}. */
    public void setString(int index, String value) {
        check(index, ParamType.STRING);
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
    }

    private void check(int index, ParamType type) {
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
