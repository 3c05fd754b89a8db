package benchkit.mysql.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import org.mariadb.jdbc.Configuration;

class UnixSocketFactoryTest {
    @TempDir
    Path dir;

    /** A socket made the way MariaDB Connector/J makes it: configuration first, then createSocket(). */
    private Socket connect(Path path) throws Exception {
        Properties p = new Properties();
        p.setProperty(UnixSocketFactory.PATH_OPTION, path.toString());
        UnixSocketFactory factory = new UnixSocketFactory();
        factory.setConfiguration(Configuration.parse("jdbc:mariadb://localhost:3306/", p), "localhost");
        return factory.createSocket();
    }

    @Test
    void carriesMoreThanTheSocketBuffersHoldBothWaysAndSeesTheEnd() throws Exception {
        Path path = dir.resolve("s.sock");
        byte[] payload = new byte[8 << 20];    // far beyond a unix socket's buffers: writes must wait for room
        new Random(1).nextBytes(payload);
        try (ServerSocketChannel server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            // the peer reads everything slowly at first, then echoes it back after a pause (so reads must wait)
            CompletableFuture<byte[]> peer = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    ByteBuffer got = ByteBuffer.allocate(payload.length);
                    while (got.hasRemaining()) {
                        if (got.position() < 64 << 10) {
                            Thread.sleep(1);
                        }
                        s.read(got);
                    }
                    Thread.sleep(200);
                    got.flip();
                    while (got.hasRemaining()) {
                        s.write(got);
                    }
                    return got.array();
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (Socket s = connect(path)) {
                assertTrue(s.isConnected());
                OutputStream out = s.getOutputStream();
                out.write(payload, 0, payload.length);
                InputStream in = s.getInputStream();
                byte[] back = new byte[payload.length];
                int n = 0;
                for (int r; n < back.length && (r = in.read(back, n, Math.min(16384, back.length - n))) > 0; ) {
                    n += r;
                }
                assertEquals(payload.length, n);
                assertArrayEquals(payload, back);
                assertArrayEquals(payload, peer.get(30, TimeUnit.SECONDS));
                assertEquals(-1, in.read(back, 0, 1), "the peer closed: end of stream");
            }
        }
    }

    @Test
    @EnabledForJreRange(min = JRE.JAVA_21)
    void worksFromAVirtualThread() throws Exception {
        java.lang.reflect.Method ofVirtual = Thread.class.getMethod("startVirtualThread", Runnable.class);
        Path path = dir.resolve("v.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    ByteBuffer b = ByteBuffer.allocate(4096);
                    while (s.read(b) >= 0) {
                        b.flip();
                        while (b.hasRemaining()) {
                            s.write(b);
                        }
                        b.clear();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Socket s = connect(path);   // made on this platform thread, as bench opens sessions
            CompletableFuture<String> reply = new CompletableFuture<>();
            Thread v = (Thread) ofVirtual.invoke(null, (Runnable) () -> {
                try {
                    for (int i = 0; i < 100; i++) {
                        s.getOutputStream().write(new byte[] {(byte) i}, 0, 1);
                        byte[] one = new byte[1];
                        if (s.getInputStream().read(one, 0, 1) != 1 || one[0] != (byte) i) {
                            reply.complete("wrong echo at " + i);
                            return;
                        }
                    }
                    reply.complete("ok");
                } catch (IOException e) {
                    reply.complete(e.toString());
                }
            });
            assertEquals("ok", reply.get(30, TimeUnit.SECONDS));
            v.join();
            s.close();
            echo.get(30, TimeUnit.SECONDS);
        }
    }
}
