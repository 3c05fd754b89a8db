package benchkit.memcached.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The few text-protocol commands benchkit sends outside the load ({@code version}, {@code stats},
 * {@code flush_all}, and the workers' barrier keys) over a short-lived socket, independent of the client library.
 */
public final class MemcachedText {
    private MemcachedText() {
    }

    /** The server's version, e.g. {@code 1.6.18}. */
    public static String version(String host, int port, int timeoutMillis) throws IOException {
        String reply = command(host, port, "version", timeoutMillis, "\r\n");
        if (!reply.startsWith("VERSION ")) {
            throw new IOException("unexpected reply to 'version' from " + host + ":" + port + ": " + firstLine(reply));
        }
        return reply.substring("VERSION ".length()).strip();
    }

    /** {@code stats}: name to value. */
    public static Map<String, String> stats(String host, int port, int timeoutMillis) throws IOException {
        String reply = command(host, port, "stats", timeoutMillis, "END\r\n");
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : reply.split("\r\n")) {
            if (line.startsWith("STAT ")) {
                String[] p = line.split(" ", 3);
                if (p.length == 3) {
                    out.put(p[1], p[2]);
                }
            } else if (!line.equals("END") && !line.isEmpty()) {
                throw new IOException("unexpected reply to 'stats' from " + host + ":" + port + ": " + line);
            }
        }
        return out;
    }

    public static void flushAll(String host, int port, int timeoutMillis) throws IOException {
        String reply = command(host, port, "flush_all", timeoutMillis, "\r\n");
        if (!reply.startsWith("OK")) {
            throw new IOException("flush_all failed on " + host + ":" + port + ": " + firstLine(reply));
        }
    }

    /**
     * {@code set} or {@code add} of a small ASCII value that expires after a day; true when stored ({@code add}
     * stores only a key that has no value).
     */
    public static boolean store(String host, int port, String verb, String key, String value, int timeoutMillis) throws IOException {
        String reply = command(host, port, verb + " " + key + " 0 86400 " + value.length() + "\r\n" + value, timeoutMillis, "\r\n");
        if (reply.startsWith("STORED")) {
            return true;
        }
        if (reply.startsWith("NOT_STORED")) {
            return false;
        }
        throw new IOException("'" + verb + "' failed on " + host + ":" + port + ": " + firstLine(reply));
    }

    /** {@code get} of several keys in one request: the keys that have a value, with it. */
    public static Map<String, String> getAll(String host, int port, Iterable<String> keys, int timeoutMillis) throws IOException {
        String reply = command(host, port, "get " + String.join(" ", keys), timeoutMillis, "END\r\n");
        Map<String, String> out = new LinkedHashMap<>();
        String[] lines = reply.split("\r\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("VALUE ") && i + 1 < lines.length) {
                out.put(lines[i].split(" ")[1], lines[++i]);
            } else if (!lines[i].equals("END") && !lines[i].isEmpty()) {
                throw new IOException("unexpected reply to 'get' from " + host + ":" + port + ": " + lines[i]);
            }
        }
        return out;
    }

    private static String command(String host, int port, String cmd, int timeoutMillis, String end) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            OutputStream out = s.getOutputStream();
            out.write((cmd + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder sb = new StringBuilder();
            byte[] buf = new byte[8192];
            while (true) {
                int n = in.read(buf);
                if (n < 0) {
                    throw new IOException(host + ":" + port + " closed the connection after '" + cmd + "'"
                            + (sb.length() > 0 ? ": " + firstLine(sb.toString()) : ""));
                }
                sb.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                String r = sb.toString();
                if (r.endsWith(end) || r.startsWith("ERROR") && r.endsWith("\r\n")
                        || r.startsWith("SERVER_ERROR") && r.endsWith("\r\n")) {
                    out.write("quit\r\n".getBytes(StandardCharsets.US_ASCII));
                    return r;
                }
            }
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\r');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
