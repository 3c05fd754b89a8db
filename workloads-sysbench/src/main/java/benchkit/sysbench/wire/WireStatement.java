package benchkit.sysbench.wire;

/** A statement prepared on one connection, and the parameter values its next execution sends. */
public final class WireStatement {
    final int id;
    final ParamType[] types;
    final int[] ints;
    final String[] strings;

    WireStatement(int id, ParamType[] types) {
        this.id = id;
        this.types = types.clone();
        this.ints = new int[types.length];
        this.strings = new String[types.length];
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
