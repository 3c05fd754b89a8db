package benchkit.launcher.mysql;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a server on a Unix socket sends its protocol greeting within a bound. The JDBC driver's Unix
 * socket ignores socketTimeout, so a server that has bound its socket but hangs in startup (e.g. reading
 * an init_file) would hold a JDBC connect forever; this probe never blocks longer than asked.
 */
final class ServerGreeting {
    private ServerGreeting() {
    }

    static boolean arrivesWithin(Path socket, Duration bound) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            channel.connect(UnixDomainSocketAddress.of(socket)); // local: completes or fails at once
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            if (selector.select(Math.max(1, bound.toMillis())) == 0) {
                return false;
            }
            return channel.read(ByteBuffer.allocate(1)) > 0;
        } catch (IOException e) {
            return false; // no socket yet, or refused: not ready
        }
    }
}
