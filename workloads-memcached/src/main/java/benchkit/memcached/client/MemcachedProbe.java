package benchkit.memcached.client;

import benchkit.memcached.client.SpyClients.Protocol;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;

/**
 * Whether each server answers as memcached in the protocol asked for, asked before the client library is: a MySQL port
 * named by mistake left spymemcached's "Cancelled", and a memcached started with {@code -B ascii} its timeout with a
 * dump of its connection's state (sweep 6 cases 102 and 103). A server that cannot be reached is left to the client's
 * own words for it.
 */
public final class MemcachedProbe {
    private static final byte MAGIC_REQUEST = (byte) 0x80;
    private static final byte MAGIC_RESPONSE = (byte) 0x81;
    private static final byte OP_VERSION = 0x0b;

    private MemcachedProbe() {
    }

    /** Throws, naming the server and what to do, when one of {@code servers} is no memcached or not one of {@code protocol}. */
    public static void requireAnswers(List<InetSocketAddress> servers, Protocol protocol, int timeoutMillis) throws IOException {
        for (InetSocketAddress s : servers) {
            String host = s.getHostString();
            int port = s.getPort();
            if (new InetSocketAddress(host, port).isUnresolved()) {
                // the clients would say only "UnresolvedAddressException"
                throw new benchkit.spi.InvalidOptionException("memcached host " + host + " not found (the name does not"
                        + " resolve here); check the host in --memcached-servers, or give its address");
            }
            if (!reachable(host, port, timeoutMillis)) {
                continue;
            }
            String where = host + ":" + port;
            // the protocol asked for first: a server that speaks it answers at once, and one that does not waits for
            // the rest of a request it cannot read (memcached -B ascii for a binary one), till the timeout
            boolean binary = protocol == Protocol.BINARY;
            if (binary ? answersBinary(host, port, timeoutMillis) : answersText(host, port, timeoutMillis)) {
                continue;
            }
            if (!(binary ? answersText(host, port, timeoutMillis) : answersBinary(host, port, timeoutMillis))) {
                throw new IOException("the server at " + where + " did not answer as memcached: is it memcached? check "
                        + "--memcached-servers");
            }
            throw new IOException(binary
                    ? "memcached at " + where + " does not speak the binary protocol (started with -B ascii); add "
                            + "--protocol text, or start it without -B ascii"
                    : "memcached at " + where + " speaks only the binary protocol (started with -B binary); leave out "
                            + "--protocol text, or start it without -B binary");
        }
    }

    /** Whether a connection opens: one that does not is said by the client as before (nothing listening, ...). */
    private static boolean reachable(String host, int port, int timeoutMillis) {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(host, port), timeoutMillis);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean answersText(String host, int port, int timeoutMillis) {
        try {
            MemcachedText.version(host, port, timeoutMillis);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a binary {@code version} request gets a binary reply. */
    private static boolean answersBinary(String host, int port, int timeoutMillis) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            byte[] request = new byte[24];
            request[0] = MAGIC_REQUEST;
            request[1] = OP_VERSION;
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            int first = in.read();
            return first == (MAGIC_RESPONSE & 0xff);
        } catch (IOException e) {
            return false;
        }
    }
}
