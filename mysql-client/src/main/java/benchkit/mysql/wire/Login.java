package benchkit.mysql.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * The MySQL protocol's log-in: the server's greeting, the client's answer, and the exchange of the
 * user's authentication plugin: mysql_native_password and caching_sha2_password (its full path
 * sends the password in clear over a unix socket and RSA-encrypted with the server's key over TCP,
 * as libmysqlclient and Connector/J with allowPublicKeyRetrieval do). No TLS, as sysbench's default.
 */
final class Login {
    // CLIENT_LONG_PASSWORD, PROTOCOL_41, TRANSACTIONS, SECURE_CONNECTION, MULTI_RESULTS, PS_MULTI_RESULTS, PLUGIN_AUTH
    private static final int CAPABILITIES = 0x1 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x40000 | 0x80000;
    /** CLIENT_LONG_PASSWORD, which MariaDB reads as CLIENT_MYSQL: a client that leaves it out sends MariaDB's own. */
    private static final int CLIENT_MYSQL = 0x1;
    /** MariaDB's MARIADB_CLIENT_CACHE_METADATA (bit 36, the extended capabilities' bit 4). */
    private static final int CACHE_METADATA = 1 << 4;
    private static final int CONNECT_WITH_DB = 0x8;
    private static final int CLIENT_SSL = 0x800;
    private static final int UTF8MB4_GENERAL_CI = 45;
    private static final String NATIVE = "mysql_native_password";
    private static final String CACHING_SHA2 = "caching_sha2_password";

    private final WireChannel channel;
    private final String password;
    private final boolean unixSocket;

    private Login(WireChannel channel, String password, boolean unixSocket) {
        this.channel = channel;
        this.password = password == null ? "" : password;
        this.unixSocket = unixSocket;
    }

    /**
     * Logs in as {@code user}, in {@code database} (none when empty); the password never leaves this exchange in clear
     * over TCP. Returns whether the server caches result set metadata for this connection (MariaDB 10.6+, asked for as
     * libmariadb, sysbench's client library, asks): an execution's reply then leaves out its column definitions.
     */
    static boolean logIn(WireChannel channel, String user, String password, String database, boolean unixSocket)
            throws IOException, WireError {
        return new Login(channel, password, unixSocket).run(user, database);
    }

    private boolean run(String user, String database) throws IOException, WireError {
        ByteBuffer greeting = channel.take();
        if (greeting.get(0) == (byte) 0xff) {
            throw WireError.read(greeting);
        }
        Greeting g = Greeting.read(greeting);
        ByteBuffer out = channel.answer();
        boolean withDb = database != null && !database.isEmpty();
        boolean cacheMetadata = (g.extendedCapabilities & CACHE_METADATA) != 0;
        out.putInt(CAPABILITIES & ~(cacheMetadata ? CLIENT_MYSQL : 0) | (withDb ? CONNECT_WITH_DB : 0));
        out.putInt(1 << 24);    // max packet size
        out.put((byte) UTF8MB4_GENERAL_CI);
        out.put(new byte[19]);
        out.putInt(cacheMetadata ? CACHE_METADATA : 0);    // MariaDB's extended capabilities, read without CLIENT_MYSQL
        putCString(out, user);
        String plugin = g.plugin.equals(CACHING_SHA2) ? CACHING_SHA2 : NATIVE;
        byte[] auth = scramble(plugin, g.scramble);
        out.put((byte) auth.length).put(auth);
        if (withDb) {
            putCString(out, database);
        }
        putCString(out, plugin);
        channel.send();
        exchange(plugin, g.scramble);
        return cacheMetadata;
    }

    /** Reads the server's answers until OK: plugin switches, caching_sha2's fast or full path. */
    private void exchange(String plugin, byte[] scramble) throws IOException, WireError {
        while (true) {
            ByteBuffer p = channel.take();
            int first = p.get(0) & 0xff;
            if (first == 0x00) {
                return;
            }
            if (first == 0xff) {
                throw WireError.read(p);
            }
            if (first == 0xfe) {    // switch to the user's plugin, with a new scramble
                int end = indexOf(p, 1, (byte) 0);
                plugin = string(p, 1, end - 1);
                scramble = bytes(p, end + 1, p.limit() - end - 1);
                if (scramble.length > 0 && scramble[scramble.length - 1] == 0) {
                    scramble = Arrays.copyOf(scramble, scramble.length - 1);
                }
                channel.answer().put(scramble(plugin, scramble));
                channel.send();
            } else if (first == 0x01 && plugin.equals(CACHING_SHA2) && p.limit() == 2) {
                if (p.get(1) == 4) {    // 3 is the fast path's success (an OK follows); 4 asks for the password
                    sendFullPassword(scramble);
                }
            } else {
                throw new IOException("unexpected answer 0x" + Integer.toHexString(first) + " while logging in with " + plugin);
            }
        }
    }

    private void sendFullPassword(byte[] scramble) throws IOException, WireError {
        byte[] clear = (password + "\0").getBytes(StandardCharsets.UTF_8);
        if (unixSocket) {
            channel.answer().put(clear);
            channel.send();
            return;
        }
        channel.answer().put((byte) 2);    // ask for the server's public key
        channel.send();
        ByteBuffer key = channel.take();
        if (key.get(0) == (byte) 0xff) {
            throw WireError.read(key);
        }
        String pem = string(key, 1, key.limit() - 1);
        for (int i = 0; i < clear.length; i++) {
            clear[i] ^= scramble[i % scramble.length];
        }
        try {
            Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-1AndMGF1Padding");
            rsa.init(Cipher.ENCRYPT_MODE, publicKey(pem));
            channel.answer().put(rsa.doFinal(clear));
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot encrypt the password with the server's key: " + e.getMessage(), e);
        }
        channel.send();
    }

    private static PublicKey publicKey(String pem) throws GeneralSecurityException {
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    /** The plugin's proof of the password for {@code scramble}; empty for an empty password. */
    private byte[] scramble(String plugin, byte[] scramble) throws IOException {
        if (password.isEmpty()) {
            return new byte[0];
        }
        byte[] pw = password.getBytes(StandardCharsets.UTF_8);
        try {
            if (plugin.equals(NATIVE)) {
                // SHA1(pw) XOR SHA1(scramble + SHA1(SHA1(pw)))
                MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
                byte[] h1 = sha1.digest(pw);
                byte[] h2 = sha1.digest(h1);
                sha1.update(scramble);
                return xor(h1, sha1.digest(h2));
            }
            if (plugin.equals(CACHING_SHA2)) {
                // SHA256(pw) XOR SHA256(SHA256(SHA256(pw)) + scramble)
                MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
                byte[] h1 = sha256.digest(pw);
                byte[] h2 = sha256.digest(h1);
                sha256.update(h2);
                sha256.update(scramble);
                return xor(h1, sha256.digest());
            }
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
        throw new UnsupportedLogin(plugin, NATIVE + " and " + CACHING_SHA2);
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] r = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (byte) (a[i] ^ b[i]);
        }
        return r;
    }

    private static void putCString(ByteBuffer out, String s) {
        out.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
    }

    private static int indexOf(ByteBuffer b, int from, byte value) {
        for (int i = from; i < b.limit(); i++) {
            if (b.get(i) == value) {
                return i;
            }
        }
        return b.limit();
    }

    private static byte[] bytes(ByteBuffer b, int at, int length) {
        byte[] r = new byte[Math.max(0, length)];
        b.get(at, r);
        return r;
    }

    private static String string(ByteBuffer b, int at, int length) {
        return new String(bytes(b, at, length), StandardCharsets.UTF_8);
    }

    /** Whether the server's greeting on {@code channel} offers TLS (its CLIENT_SSL capability); reads only the greeting. */
    static boolean offersTls(WireChannel channel) throws IOException, WireError {
        ByteBuffer greeting = channel.take();
        if (greeting.get(0) == (byte) 0xff) {
            throw WireError.read(greeting);
        }
        return Greeting.read(greeting).offersTls();
    }

    /**
     * What the client needs from the server's greeting (protocol 10): the 20-byte scramble, the default plugin,
     * whether the server offers TLS, and MariaDB's extended capabilities (0 from a server that sets CLIENT_MYSQL: MySQL).
     */
    private record Greeting(byte[] scramble, String plugin, boolean offersTls, int extendedCapabilities) {
        static Greeting read(ByteBuffer g) throws IOException {
            if (g.get(0) != 10) {
                throw new IOException("the server speaks protocol " + g.get(0) + ", not 10");
            }
            int at = indexOf(g, 1, (byte) 0) + 1 + 4;    // past the server version and the connection id
            byte[] part1 = bytes(g, at, 8);
            int capabilities = (g.get(at + 9) & 0xff) | (g.get(at + 10) & 0xff) << 8;   // the lower two bytes, after a filler
            at += 8 + 1 + 2 + 1 + 2 + 2;                 // filler, capabilities, charset, status, capabilities
            int scrambleLength = g.get(at) & 0xff;
            int extended = (capabilities & CLIENT_MYSQL) == 0 ? g.getInt(at + 1 + 6) : 0;
            at += 1 + 10;                                // reserved: 6 bytes, then MariaDB's extended capabilities
            int part2Length = Math.max(13, scrambleLength - 8);
            byte[] part2 = bytes(g, at, part2Length - 1); // without its trailing zero
            at += part2Length;
            String plugin = at < g.limit() ? string(g, at, indexOf(g, at, (byte) 0) - at) : NATIVE;
            byte[] scramble = new byte[part1.length + part2.length];
            System.arraycopy(part1, 0, scramble, 0, part1.length);
            System.arraycopy(part2, 0, scramble, part1.length, part2.length);
            return new Greeting(scramble, plugin, (capabilities & CLIENT_SSL) != 0, extended);
        }
    }
}
