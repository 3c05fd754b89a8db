package benchkit.mysql.socket;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import javax.net.SocketFactory;

/**
 * TCP connections for MariaDB Connector/J as {@link ChannelSocket}s: the driver creates an
 * unconnected socket, sets TCP_NODELAY and connects it with its connect timeout; afterwards
 * every read is one blocking system call instead of the JDK socket's read-poll-read.
 */
public final class TcpSocketFactory extends SocketFactory {
    @Override
    public Socket createSocket() throws IOException {
        return new ChannelSocket(SocketChannel.open());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(localHost, localPort), new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(localAddress, localPort), new InetSocketAddress(address, port));
    }

    /** A socket bound to {@code local} (none: any) and connected to {@code remote}. */
    private Socket connected(InetSocketAddress local, InetSocketAddress remote) throws IOException {
        Socket s = createSocket();
        if (local != null) {
            s.bind(local);
        }
        s.connect(remote);
        return s;
    }
}
