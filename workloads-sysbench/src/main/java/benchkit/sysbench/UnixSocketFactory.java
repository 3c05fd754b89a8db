package benchkit.sysbench;

import org.mariadb.jdbc.Configuration;
import org.mariadb.jdbc.HostAddress;
import org.mariadb.jdbc.util.ConfigurableSocketFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;

/**
 * Unix socket connections for MariaDB Connector/J through the JDK's own unix domain sockets
 * (Java 16+), so no JNA is needed; reads are plain blocking reads ({@link ChannelSocket}). The driver finds this class through its {@code socketFactory}
 * option and the path in the URL's {@code address=(localSocket=...)}.
 */
public final class UnixSocketFactory extends ConfigurableSocketFactory {
    private String path;

    @Override
    public void setConfiguration(Configuration conf, String host) {
        for (HostAddress a : conf.addresses()) {
            if (a.localSocket != null) {
                path = a.localSocket;
                return;
            }
        }
    }

    @Override
    public Socket createSocket() throws IOException {
        if (path == null) {
            throw new IOException("no unix socket path in the connection URL");
        }
        return new ChannelSocket(SocketChannel.open(UnixDomainSocketAddress.of(path)));
    }

    @Override
    public Socket createSocket(String host, int port) {
        throw new UnsupportedOperationException("unix sockets only");
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
        throw new UnsupportedOperationException("unix sockets only");
    }

    @Override
    public Socket createSocket(InetAddress host, int port) {
        throw new UnsupportedOperationException("unix sockets only");
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw new UnsupportedOperationException("unix sockets only");
    }
}
