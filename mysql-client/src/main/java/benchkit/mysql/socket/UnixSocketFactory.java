package benchkit.mysql.socket;

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
 * (Java 16+) instead of the driver's JNA socket, read as sysbench reads
 * ({@link ChannelSocket#pollingUnix}). The driver finds this class through its {@code socketFactory} option;
 * the path comes from the option {@value #PATH_OPTION}, or else a URL's
 * {@code address=(localSocket=...)} (which the driver only leaves to a factory when JNA is absent).
 */
public final class UnixSocketFactory extends ConfigurableSocketFactory {
    /** The connection option that carries the socket's path. */
    public static final String PATH_OPTION = "benchkitUnixSocket";
    private String path;

    @Override
    public void setConfiguration(Configuration conf, String host) {
        path = conf.nonMappedOptions().getProperty(PATH_OPTION);
        if (path != null) {
            return;
        }
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
        SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(path));
        return ChannelSocket.pollingUnix(channel);
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
