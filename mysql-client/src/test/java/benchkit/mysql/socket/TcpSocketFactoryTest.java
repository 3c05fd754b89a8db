package benchkit.mysql.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TcpSocketFactoryTest {
    @Test
    void connectsWithTheDriversCallSequenceAndCarriesBytesBothWays() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> {
                try (Socket s = server.accept()) {
                    s.getInputStream().transferTo(s.getOutputStream());
                } catch (IOException ignore) {
                    // the test fails on its own side
                }
            });
            echo.start();
            // what MariaDB Connector/J does: createSocket(), options, then connect with its connect timeout
            Socket s = new TcpSocketFactory().createSocket();
            assertFalse(s.isConnected());
            s.setTcpNoDelay(true);
            s.setSoTimeout(0);
            s.setKeepAlive(true);
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
            assertTrue(s.isConnected());
            byte[] sent = "SELECT 1".getBytes(StandardCharsets.US_ASCII);
            OutputStream out = s.getOutputStream();
            out.write(sent, 0, sent.length);
            s.shutdownOutput();
            InputStream in = s.getInputStream();
            byte[] got = new byte[32];
            int n = 0;
            for (int r; (r = in.read(got, n, got.length - n)) > 0; ) {
                n += r;
            }
            assertEquals(sent.length, n);
            assertArrayEquals(sent, java.util.Arrays.copyOf(got, n));
            s.close();
            assertTrue(s.isClosed());
            echo.join(10_000);
        }
    }

    @Test
    void aRefusedConnectionIsAnIoException() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Socket s = new TcpSocketFactory().createSocket();
        assertThrows(IOException.class,
                () -> s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000));
        s.close();
    }
}
