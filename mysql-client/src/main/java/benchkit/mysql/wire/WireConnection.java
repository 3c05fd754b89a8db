package benchkit.mysql.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.charset.StandardCharsets;

/**
 * A MySQL protocol connection that sends one statement at a time and reads its reply as far as it
 * has arrived: {@link #execute} or {@link #query} sends, then {@link #readReply} is called whenever
 * the channel is readable until it returns true. Statements are server-side prepared and run
 * in the binary protocol with typed parameters, as sysbench's; rows are counted, not decoded.
 * A connection lost shows as an {@link IOException}; an error the server answered with, as
 * {@link #error()} after the reply.
 */
public final class WireConnection implements AutoCloseable {
    private static final byte COM_QUIT = 0x01;
    private static final byte COM_QUERY = 0x03;
    private static final byte COM_STMT_PREPARE = 0x16;
    private static final byte COM_STMT_EXECUTE = 0x17;
    private static final byte COM_STMT_CLOSE = 0x19;
    private static final int SERVER_MORE_RESULTS_EXIST = 0x0008;
    private static final byte MYSQL_TYPE_DOUBLE = 5;
    private static final byte MYSQL_TYPE_LONGLONG = 8;
    private static final byte MYSQL_TYPE_BLOB = (byte) 0xfc;
    private static final byte MYSQL_TYPE_STRING = (byte) 0xfe;

    private final WireChannel channel;
    private final ReplyReader reply;

    private WireConnection(WireChannel channel, boolean cachedMetadata) {
        this.channel = channel;
        this.reply = new ReplyReader(cachedMetadata);
    }

    /**
     * Connects and logs in: over the unix socket at {@code socketPath}, or over TCP to {@code host:port}
     * when it is null. Gives up after {@code timeoutMillis} of silence.
     */
    public static WireConnection open(String socketPath, String host, int port, String user, String password,
                                      String database, long timeoutMillis) throws IOException, WireError {
        WireChannel channel = WireChannel.connect(socketPath, host, port, timeoutMillis);
        try {
            return new WireConnection(channel, Login.logIn(channel, user, password, database, socketPath != null));
        } catch (IOException | WireError | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Whether the server offers TLS, from its greeting (nothing is logged in; the connection is closed after it):
     * what a client that asks for TLS, as sysbench's {@code --mysql-ssl=on}, then gets.
     */
    public static boolean offersTls(String socketPath, String host, int port, long timeoutMillis) throws IOException, WireError {
        try (WireChannel channel = WireChannel.connect(socketPath, host, port, timeoutMillis)) {
            return Login.offersTls(channel);
        }
    }

    /** The channel replies arrive on, for a selector; it is in non-blocking mode. */
    public SelectableChannel channel() {
        return channel.channel;
    }

    /** Prepares {@code sql} on the server, waiting for the answer; its parameters take {@code types}. */
    public WireStatement prepare(String sql, ParamType... types) throws IOException, WireError {
        WireStatement s = prepareUntyped(sql);
        s.bind(types);
        return s;
    }

    /**
     * Prepares {@code sql} on the server, waiting for the answer; its parameters' types are given later with
     * {@link WireStatement#bind}, as a sysbench script binds them after it prepared (a statement without parameters
     * needs none).
     */
    public WireStatement prepareUntyped(String sql) throws IOException, WireError {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        channel.request(0, 1 + text.length).put(COM_STMT_PREPARE).put(text);
        channel.send();
        ByteBuffer ok = channel.take();
        if (ok.get(0) == (byte) 0xff) {
            throw WireError.read(ok);
        }
        int id = ok.getInt(1);
        int columns = ok.getShort(5) & 0xffff;
        int params = ok.getShort(7) & 0xffff;
        // the definitions of the parameters, then of the columns, each list ending with an EOF packet
        int definitions = (params > 0 ? params + 1 : 0) + (columns > 0 ? columns + 1 : 0);
        for (int i = 0; i < definitions; i++) {
            channel.take();
        }
        return new WireStatement(id, sql, params);
    }

    /** Sends COM_STMT_EXECUTE of {@code s} with the parameters set on it; read the reply with {@link #readReply}. */
    public void execute(WireStatement s) throws IOException {
        ByteBuffer out = channel.request(0, s.executeBytes());
        out.put(COM_STMT_EXECUTE).putInt(s.id).put((byte) 0).putInt(1);   // no cursor, one iteration
        int n = s.parameterCount();
        if (n > 0) {
            if (s.types == null) {
                throw new IllegalStateException("parameters of a statement executed before they were bound: " + s.sql);
            }
            for (int i = 0; i < (n + 7) / 8; i++) {
                int bits = 0;
                for (int b = 0; b < 8 && i * 8 + b < n; b++) {
                    bits |= s.nulls[i * 8 + b] ? 1 << b : 0;
                }
                out.put((byte) bits);                                        // the NULL bitmap
            }
            // The types go with the first execution only, as libmariadb sends them (so sysbench's
            // server sees the same); the server keeps them for the statement's later executions.
            out.put((byte) (s.typesSent ? 0 : 1));
            if (!s.typesSent) {
                for (ParamType t : s.types) {
                    out.put(typeCode(t)).put((byte) 0);
                }
                s.typesSent = true;
            }
            for (int i = 0; i < n; i++) {
                if (s.nulls[i]) {
                    continue;                                        // in the bitmap only
                }
                switch (s.types[i]) {
                    case INT, LONG -> out.putLong(s.numbers[i]);    // sysbench's integers go as BIGINT, 8 bytes
                    case DOUBLE -> out.putDouble(Double.longBitsToDouble(s.numbers[i]));
                    default -> {
                        if (s.ascii[i] != null) {
                            putAscii(out, s.ascii[i]);
                        } else {
                            putLength(out, s.bytes[i].length);
                            out.put(s.bytes[i]);
                        }
                    }
                }
            }
        }
        channel.send();
        reply.reset(false);
    }

    /** Sends {@code sql} as text (COM_QUERY), e.g. BEGIN; read the reply with {@link #readReply}. */
    public void query(CharSequence sql) throws IOException {
        query(sql, false);
    }

    /**
     * As {@link #query(CharSequence)}; with {@code keepValues} the first result set's rows are kept as text, to be
     * read with {@link #values()} once the reply is complete.
     */
    public void query(CharSequence sql, boolean keepValues) throws IOException {
        if (WireStatement.isAscii(sql)) {
            ByteBuffer out = channel.request(0, 1 + sql.length()).put(COM_QUERY);
            for (int i = 0; i < sql.length(); i++) {
                out.put((byte) sql.charAt(i));
            }
        } else {
            byte[] text = sql.toString().getBytes(StandardCharsets.UTF_8);
            channel.request(0, 1 + text.length).put(COM_QUERY).put(text);
        }
        channel.send();
        reply.reset(keepValues);
    }

    /**
     * As {@link #query(CharSequence, boolean)}, for SQL that is bytes already (a Lua script's statements: sent as the
     * script built them, with no decoding and encoding between); {@code sql} may be reused once this returns.
     */
    public void query(byte[] sql, int offset, int length, boolean keepValues) throws IOException {
        channel.request(0, 1 + length).put(COM_QUERY).put(sql, offset, length);
        channel.send();
        reply.reset(keepValues);
    }

    /** Reads what has arrived of the reply; true once it is complete (then see {@link #error()} and {@link #rows()}). */
    public boolean readReply() throws IOException {
        ByteBuffer p;
        while ((p = channel.poll()) != null) {
            if (reply.accept(p)) {
                return true;
            }
        }
        return false;
    }

    /** Waits for the whole reply (for a thread of its own). */
    public void awaitReply() throws IOException {
        while (!readReply()) {
            channel.awaitReadable();
        }
    }

    /** This connection will be waited on by a thread of its own, not a selector: see {@link WireChannel#ownThread}. */
    public void ownThread() throws IOException {
        channel.ownThread();
    }

    /** Waits until more of the reply has arrived (when {@link #readReply} returned false). */
    public void awaitReadable() throws IOException {
        channel.awaitReadable();
    }

    /** Whether the server leaves out the column definitions of a statement's result sets once it has sent them. */
    public boolean metadataCached() {
        return reply.cachedMetadata;
    }

    /** The error the last complete reply was, or null when it succeeded. */
    public WireError error() {
        return reply.error;
    }

    /** The rows of the last complete reply's result sets. */
    public long rows() {
        return reply.rows;
    }

    /** Whether the last complete reply was a result set (it may have no rows), not an OK. */
    public boolean hadResultSet() {
        return reply.columns >= 0;
    }

    /** The columns of the last complete reply's first result set; -1 when it was an OK. */
    public int columns() {
        return (int) reply.columns;
    }

    /** The rows an OK reply says the statement changed (affected rows); 0 after a result set. */
    public long affectedRows() {
        return reply.affected;
    }

    /**
     * The first result set's rows as text, a null for SQL NULL, when the query asked to keep them
     * ({@link #query(CharSequence, boolean)}); else an empty list.
     */
    public java.util.List<String[]> values() {
        return reply.values;
    }

    /** Deallocates {@code s} on the server (COM_STMT_CLOSE, which has no reply), as sysbench does when a thread ends. */
    public void closeStatement(WireStatement s) throws IOException {
        channel.request(0, 5).put(COM_STMT_CLOSE).putInt(s.id);
        channel.send();
    }

    /** Says goodbye (COM_QUIT) if the connection still works, and closes it. */
    @Override
    public void close() throws IOException {
        try {
            channel.request(0).put(COM_QUIT);
            channel.send();
        } catch (IOException ignore) {
            // a lost connection has nobody to say goodbye to
        } finally {
            channel.close();
        }
    }

    private static byte typeCode(ParamType t) {
        return switch (t) {
            case INT, LONG -> MYSQL_TYPE_LONGLONG;
            case DOUBLE -> MYSQL_TYPE_DOUBLE;
            case STRING -> MYSQL_TYPE_STRING;
            case BYTES -> MYSQL_TYPE_BLOB;
        };
    }

    /** An ASCII string (sysbench's values: digits, '-', letters): one byte per char, after its length. */
    private static void putAscii(ByteBuffer out, String s) {
        int n = s.length();
        putLength(out, n);
        for (int i = 0; i < n; i++) {
            out.put((byte) s.charAt(i));
        }
    }

    /** A length-encoded integer, as a string parameter's length is sent. */
    private static void putLength(ByteBuffer out, int n) {
        if (n < 251) {
            out.put((byte) n);
        } else if (n <= 0xffff) {
            out.put((byte) 0xfc).putShort((short) n);
        } else {
            out.put((byte) 0xfd).put((byte) n).putShort((short) (n >>> 8));
        }
    }

    /**
     * The reply to one command, packet by packet: an OK, an ERR, or result sets (columns, EOF, rows, EOF). With
     * MariaDB's cached metadata the column count is followed by a byte that says whether the columns follow.
     */
    private static final class ReplyReader {
        private static final int FIRST = 0, COLUMNS = 1, COLUMNS_EOF = 2, ROWS = 3;
        private final boolean cachedMetadata;
        private int part;
        private long columnsLeft;
        private boolean keepValues;
        private boolean firstSet;
        long rows;
        long columns;
        long affected;
        java.util.List<String[]> values = java.util.List.of();
        WireError error;

        ReplyReader(boolean cachedMetadata) {
            this.cachedMetadata = cachedMetadata;
        }

        void reset(boolean keep) {
            part = FIRST;
            rows = 0;
            columns = -1;
            affected = 0;
            keepValues = keep;
            firstSet = true;
            values = keep ? new java.util.ArrayList<>() : java.util.List.of();
            error = null;
        }

        /** Takes one packet's payload; true when the reply is complete. */
        boolean accept(ByteBuffer p) {
            int first = p.get(0) & 0xff;
            if (first == 0xff) {
                error = WireError.read(p);
                return true;
            }
            switch (part) {
                case FIRST:
                    if (first == 0x00) {
                        if (firstSet) {
                            affected = lengthEncoded(p, 1);
                        }
                        return !moreResults(okStatus(p));
                    }
                    columnsLeft = lengthEncoded(p, 0);
                    if (firstSet) {
                        columns = columnsLeft;
                    }
                    boolean columnsFollow = !cachedMetadata || p.get(lengthEncodedSize(p, 0)) != 0;
                    part = columnsFollow ? COLUMNS : COLUMNS_EOF;
                    return false;
                case COLUMNS:
                    if (--columnsLeft == 0) {
                        part = COLUMNS_EOF;
                    }
                    return false;
                case COLUMNS_EOF:
                    part = ROWS;
                    return false;
                default:
                    if (first == 0xfe && p.limit() < 9) {    // EOF: warnings (2), status (2)
                        return !moreResults(p.getShort(3) & 0xffff);
                    }
                    rows++;
                    if (keepValues && firstSet) {
                        values.add(textRow(p, (int) columns));
                    }
                    return false;
            }
        }

        private boolean moreResults(int status) {
            if ((status & SERVER_MORE_RESULTS_EXIST) != 0) {
                part = FIRST;
                firstSet = false;
                return true;
            }
            return false;
        }

        /** A row of the text protocol: each column a length-encoded string, or 0xfb for NULL. */
        private static String[] textRow(ByteBuffer p, int columns) {
            String[] row = new String[columns];
            int at = 0;
            for (int i = 0; i < columns; i++) {
                if ((p.get(at) & 0xff) == 0xfb) {
                    at++;
                    continue;
                }
                int length = (int) lengthEncoded(p, at);
                at += lengthEncodedSize(p, at);
                byte[] bytes = new byte[length];
                p.get(at, bytes);
                row[i] = new String(bytes, StandardCharsets.UTF_8);
                at += length;
            }
            return row;
        }

        /** An OK packet's status flags: after the affected rows and the last insert id. */
        private static int okStatus(ByteBuffer ok) {
            int at = 1;
            at += lengthEncodedSize(ok, at);
            at += lengthEncodedSize(ok, at);
            return ok.limit() >= at + 2 ? ok.getShort(at) & 0xffff : 0;
        }

        private static long lengthEncoded(ByteBuffer p, int at) {
            int first = p.get(at) & 0xff;
            switch (first) {
                case 0xfc: return p.getShort(at + 1) & 0xffff;
                case 0xfd: return (p.get(at + 1) & 0xff) | (p.get(at + 2) & 0xff) << 8 | (p.get(at + 3) & 0xff) << 16;
                case 0xfe: return p.getLong(at + 1);
                default: return first;
            }
        }

        private static int lengthEncodedSize(ByteBuffer p, int at) {
            switch (p.get(at) & 0xff) {
                case 0xfc: return 3;
                case 0xfd: return 4;
                case 0xfe: return 9;
                default: return 1;
            }
        }
    }
}
