package benchkit.mysql.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * MariaDB Connector/J bounds its handshake with a read timeout ({@code connectTimeout}), then sets 0:
 * a server that accepts and never greets must be an error after that time, not a hang, and the reads
 * after the timeout is lifted must block as before.
 */
// a hang must fail the test, not the build: the timeout runs the test on a thread it can abandon
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReadTimeoutTest {
    @TempDir
    Path dir;

    @Test
    void aTcpServerThatNeverGreetsIsAnErrorAfterTheConnectTimeout() throws Exception {
        try (ServerSocketChannel silent = ServerSocketChannel.open()) {
            silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) silent.getLocalAddress()).getPort();
            assertGivesUpAfterTheConnectTimeout("jdbc:mariadb://127.0.0.1:" + port + "/", null);
        }
    }

    @Test
    void aUnixSocketServerThatNeverGreetsIsAnErrorAfterTheConnectTimeout() throws Exception {
        Path path = dir.resolve("silent.sock");
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(path));
            assertGivesUpAfterTheConnectTimeout("jdbc:mariadb://localhost:3306/", path.toString());
        }
    }

    /** The listening socket's backlog completes the TCP/unix connect; nobody ever writes. */
    private static void assertGivesUpAfterTheConnectTimeout(String url, String unixSocket) {
        Properties p = new Properties();
        p.setProperty("user", "bench");
        p.setProperty("connectTimeout", "1000");
        MariaDbSockets.use(p, unixSocket);
        long t0 = System.nanoTime();
        SQLException e = assertThrows(SQLException.class, () -> new org.mariadb.jdbc.Driver().connect(url, p));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds >= 0.9 && seconds < 5, "gave up after " + seconds + " s: " + e);
        assertTrue(String.valueOf(e.getMessage()).contains("timed out"), e.getMessage());
    }

    @Test
    void aTcpReadTimesOutWhileATimeoutIsSetAndBlocksAgainAfter() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Socket s = new TcpSocketFactory().createSocket();
            s.connect(server.getLocalAddress(), 1000);
            assertTimesOutThenBlocks(s, server.accept());
        }
    }

    @Test
    void aUnixReadTimesOutWhileATimeoutIsSetAndWaitsForDataAfter() throws Exception {
        Path path = dir.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(path));
            assertTimesOutThenBlocks(ChannelSocket.pollingUnix(client), server.accept());
        }
    }

    private static void assertTimesOutThenBlocks(Socket s, SocketChannel peer) throws Exception {
        try (s; peer) {
            InputStream in = s.getInputStream();
            byte[] buf = new byte[16];
            s.setSoTimeout(300);
            long t0 = System.nanoTime();
            assertThrows(SocketTimeoutException.class, () -> in.read(buf, 0, buf.length));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds >= 0.29 && seconds < 3, "timed out after " + seconds + " s");

            s.setSoTimeout(0);
            Thread writer = new Thread(() -> {
                try {
                    Thread.sleep(400);    // longer than the old timeout: the read must wait, not time out or return 0
                    peer.write(ByteBuffer.wrap(new byte[] {7, 8, 9}));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            int n = in.read(buf, 0, buf.length);
            writer.join();
            assertEquals(3, n);
            assertEquals(9, buf[2]);
        }
    }
}
