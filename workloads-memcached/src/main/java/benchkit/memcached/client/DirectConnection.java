package benchkit.memcached.client;

import benchkit.memcached.client.SpyClients.Protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A lean blocking memcached connection: the calling thread writes one request and reads its
 * reply, as memslap does; no I/O thread, no futures, and no allocation per request (the key is
 * copied char by char, the value into a reused buffer). Binary or text protocol, get and set only.
 */
public final class DirectConnection implements AutoCloseable {
    /** Replies as plain ints so a request allocates nothing. */
    public static final int STORED = 0;
    public static final int HIT = 1;
    public static final int MISS = 2;
    public static final int NOT_STORED = 3;
    /** memcached refused the value as larger than its item size limit (memcached -I). */
    public static final int TOO_LARGE = 4;
    /** The binary protocol's "Value too large" status. */
    private static final int STATUS_TOO_LARGE = 3;
    private static final String TEXT_TOO_LARGE = "SERVER_ERROR object too large";

    private static final byte MAGIC_REQUEST = (byte) 0x80;
    private static final byte MAGIC_RESPONSE = (byte) 0x81;
    private static final byte OP_GET = 0x00;
    private static final byte OP_SET = 0x01;
    private static final int HEADER = 24;
    private static final byte[] END = "END\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final Protocol protocol;
    private final byte[] request;
    private final byte[] reply;
    private int replyStart;
    private int replyEnd;

    public DirectConnection(InetSocketAddress server, Protocol protocol, int timeoutMillis, int maxValue) throws IOException {
        this.protocol = protocol;
        this.socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(server.getHostString(), server.getPort()), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            out = socket.getOutputStream();
            in = socket.getInputStream();
        } catch (IOException e) {
            socket.close();
            throw new IOException("cannot connect to memcached at " + server.getHostString() + ":" + server.getPort()
                    + (e instanceof java.net.ConnectException ? MemcachedServers.refused(server, false) : ": " + e.getMessage()),
                    e);
        }
        this.request = new byte[HEADER + 8 + 300 + maxValue + 64];
        this.reply = new byte[Math.max(64 * 1024, maxValue + 512)];
    }

    /** Stores {@code value} under {@code key} (flags 0, no expiry): {@link #STORED}, {@link #TOO_LARGE} or {@link #NOT_STORED}. */
    public int set(String key, byte[] value) throws IOException {
        return protocol == Protocol.BINARY ? binarySet(key, value) : textSet(key, value);
    }

    /** Fetches {@code key} and discards the value: {@link #HIT} or {@link #MISS}. */
    public int get(String key) throws IOException {
        return protocol == Protocol.BINARY ? binaryGet(key) : textGet(key);
    }

    private int binarySet(String key, byte[] value) throws IOException {
        int k = key.length();
        int body = 8 + k + value.length;
        header(OP_SET, k, 8, body);
        for (int i = HEADER; i < HEADER + 8; i++) {
            request[i] = 0; // flags and expiration
        }
        int p = ascii(key, HEADER + 8);
        System.arraycopy(value, 0, request, p, value.length);
        out.write(request, 0, p + value.length);
        int status = binaryReply();
        return status == 0 ? STORED : status == STATUS_TOO_LARGE ? TOO_LARGE : NOT_STORED;
    }

    private int binaryGet(String key) throws IOException {
        int k = key.length();
        header(OP_GET, k, 0, k);
        int p = ascii(key, HEADER);
        out.write(request, 0, p);
        int status = binaryReply();
        if (status == 0) {
            return HIT;
        }
        if (status == 1) {
            return MISS;
        }
        throw new IOException("memcached get failed with binary status " + status);
    }

    private void header(byte opcode, int keyLength, int extras, int body) {
        request[0] = MAGIC_REQUEST;
        request[1] = opcode;
        request[2] = (byte) (keyLength >>> 8);
        request[3] = (byte) keyLength;
        request[4] = (byte) extras;
        request[5] = 0;
        request[6] = 0;
        request[7] = 0;
        request[8] = (byte) (body >>> 24);
        request[9] = (byte) (body >>> 16);
        request[10] = (byte) (body >>> 8);
        request[11] = (byte) body;
        for (int i = 12; i < HEADER; i++) {
            request[i] = 0; // opaque and cas
        }
    }

    /** Reads one binary reply, skips its body, returns its status. */
    private int binaryReply() throws IOException {
        fill(HEADER);
        int h = replyStart;
        if (reply[h] != MAGIC_RESPONSE) {
            throw new IOException("not a memcached binary reply (magic " + (reply[h] & 0xff) + ")");
        }
        int status = ((reply[h + 6] & 0xff) << 8) | (reply[h + 7] & 0xff);
        long body = ((long) (reply[h + 8] & 0xff) << 24) | ((reply[h + 9] & 0xff) << 16)
                | ((reply[h + 10] & 0xff) << 8) | (reply[h + 11] & 0xff);
        replyStart += HEADER;
        skip(body);
        return status;
    }

    private int textSet(String key, byte[] value) throws IOException {
        int p = put("set ", 0);
        p = ascii(key, p);
        p = put(" 0 0 ", p);
        p = number(value.length, p);
        p = put("\r\n", p);
        System.arraycopy(value, 0, request, p, value.length);
        p += value.length;
        p = put("\r\n", p);
        out.write(request, 0, p);
        int line = lineLength();
        int result = startsWith("STORED") ? STORED : startsWith(TEXT_TOO_LARGE) ? TOO_LARGE : NOT_STORED;
        replyStart += line;
        return result;
    }

    private int textGet(String key) throws IOException {
        int p = put("get ", 0);
        p = ascii(key, p);
        p = put("\r\n", p);
        out.write(request, 0, p);
        int line = lineLength();
        if (startsWith("END")) {
            replyStart += line;
            return MISS;
        }
        if (!startsWith("VALUE ")) {
            throw new IOException("unexpected reply to get: " + new String(reply, replyStart, Math.min(line, 80),
                    java.nio.charset.StandardCharsets.ISO_8859_1).strip());
        }
        // VALUE <key> <flags> <bytes>: the size is the last field of the line
        int end = replyStart + line - 2;
        int start = end;
        while (reply[start - 1] != ' ') {
            start--;
        }
        long bytes = 0;
        for (int i = start; i < end; i++) {
            bytes = bytes * 10 + (reply[i] - '0');
        }
        replyStart += line;
        skip(bytes + 2);
        fill(END.length);
        replyStart += END.length;
        return HIT;
    }

    private boolean startsWith(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (reply[replyStart + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Length of the next reply line including its CRLF, reading more as needed. */
    private int lineLength() throws IOException {
        int scanned = 0;
        while (true) {
            for (int i = replyStart + scanned; i + 1 < replyEnd; i++) {
                if (reply[i] == '\r' && reply[i + 1] == '\n') {
                    return i + 2 - replyStart;
                }
            }
            scanned = Math.max(0, replyEnd - replyStart - 1);
            readMore();
        }
    }

    private int put(String s, int p) {
        for (int i = 0; i < s.length(); i++) {
            request[p++] = (byte) s.charAt(i);
        }
        return p;
    }

    private int ascii(String key, int p) {
        for (int i = 0; i < key.length(); i++) {
            request[p++] = (byte) key.charAt(i);
        }
        return p;
    }

    private int number(int n, int p) {
        int digits = n == 0 ? 1 : (int) Math.log10(n) + 1;
        for (int i = digits - 1; i >= 0; i--) {
            request[p + i] = (byte) ('0' + n % 10);
            n /= 10;
        }
        return p + digits;
    }

    /** Makes at least {@code n} unread bytes available at {@code replyStart}. */
    private void fill(int n) throws IOException {
        while (replyEnd - replyStart < n) {
            readMore();
        }
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            if (replyEnd == replyStart) {
                readMore();
            }
            int take = (int) Math.min(n, replyEnd - replyStart);
            replyStart += take;
            n -= take;
        }
    }

    private void readMore() throws IOException {
        if (replyStart == replyEnd) {
            replyStart = 0;
            replyEnd = 0;
        } else if (replyEnd == reply.length) {
            System.arraycopy(reply, replyStart, reply, 0, replyEnd - replyStart);
            replyEnd -= replyStart;
            replyStart = 0;
        }
        int n = in.read(reply, replyEnd, reply.length - replyEnd);
        if (n < 0) {
            throw new java.io.EOFException("memcached closed the connection");
        }
        replyEnd += n;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
