package benchkit.mysql.wire;

/** A statement prepared on one connection, and the parameter values its next execution sends. */
public final class WireStatement {
    final int id;
    final ParamType[] types;
    final int[] ints;
    final String[] strings;
    /** Whether an execution sent the parameters' types; later ones leave them out. */
    boolean typesSent;

    WireStatement(int id, ParamType[] types) {
        this.id = id;
        this.types = types.clone();
        this.ints = new int[types.length];
        this.strings = new String[types.length];
    }

    /** At least the bytes of COM_STMT_EXECUTE's payload with the parameters set now. */
    int executeBytes() {
        int n = types.length;
        int bytes = 10 + (n + 7) / 8 + 1 + 2 * n;   // command, id, flags, iterations; NULL bitmap, types
        for (int i = 0; i < n; i++) {
            bytes += types[i] == ParamType.INT ? 4 : 3 + (strings[i] == null ? 0 : strings[i].length());
        }
        return bytes;
    }

    /** Sets parameter {@code index} (0-based), which must be an {@link ParamType#INT}. */
    public void setInt(int index, int value) {
        if (types[index] != ParamType.INT) {
            throw new IllegalArgumentException("parameter " + index + " is a " + types[index]);
        }
        ints[index] = value;
    }

    /** Sets parameter {@code index} (0-based), which must be a {@link ParamType#STRING} of ASCII characters. */
    public void setString(int index, String value) {
        if (types[index] != ParamType.STRING) {
            throw new IllegalArgumentException("parameter " + index + " is a " + types[index]);
        }
        strings[index] = value;
    }
}
