package benchkit.mysql.wire;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** An error the server answered with (an ERR packet): its code, SQLState and message. */
public final class WireError extends Exception {
    private final int code;
    private final String sqlState;

    WireError(int code, String sqlState, String message) {
        super(message);
        this.code = code;
        this.sqlState = sqlState;
    }

    /** Reads an ERR packet: 0xff, the code, '#' and the SQLState (protocol 4.1), the message. */
    static WireError read(ByteBuffer err) {
        int code = err.getShort(1) & 0xffff;
        int at = 3;
        String state = null;
        if (err.limit() >= 9 && err.get(3) == '#') {
            state = text(err, 4, 5);
            at = 9;
        }
        return new WireError(code, state, text(err, at, err.limit() - at));
    }

    private static String text(ByteBuffer b, int at, int length) {
        byte[] bytes = new byte[length];
        b.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public int code() {
        return code;
    }

    /** The SQLState, or null when the server sent none. */
    public String sqlState() {
        return sqlState;
    }
}
