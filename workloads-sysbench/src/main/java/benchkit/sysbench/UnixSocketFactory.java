package benchkit.sysbench;

import org.mariadb.jdbc.Configuration;
import org.mariadb.jdbc.HostAddress;
import org.mariadb.jdbc.util.ConfigurableSocketFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;

/**
 * Unix socket connections for MariaDB Connector/J through the JDK's own unix domain sockets
 * (Java 16+), so no JNA is needed. The driver finds this class through its {@code socketFactory}
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
        return new UnixSocket(SocketChannel.open(UnixDomainSocketAddress.of(path)));
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

    /** A connected unix socket dressed as a {@link Socket}; TCP options do not apply and are ignored. */
    private static final class UnixSocket extends Socket {
        private final SocketChannel channel;
        private final InputStream in;
        private final OutputStream out;

        UnixSocket(SocketChannel channel) {
            this.channel = channel;
            this.in = Channels.newInputStream(channel);
            this.out = Channels.newOutputStream(channel);
        }

        @Override
        public boolean isConnected() {
            return channel.isConnected();
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) {
            // already connected
        }

        @Override
        public void bind(SocketAddress bindpoint) {
            // not applicable
        }

        @Override
        public InputStream getInputStream() {
            return in;
        }

        @Override
        public OutputStream getOutputStream() {
            return out;
        }

        @Override
        public void setTcpNoDelay(boolean on) {
        }

        @Override
        public void setSoTimeout(int timeout) {
        }

        @Override
        public void setKeepAlive(boolean on) {
        }

        @Override
        public void setSoLinger(boolean on, int linger) {
        }

        @Override
        public void setReceiveBufferSize(int size) {
        }

        @Override
        public void setSendBufferSize(int size) {
        }

        @Override
        public boolean isClosed() {
            return !channel.isOpen();
        }

        @Override
        public void shutdownInput() throws IOException {
            channel.shutdownInput();
        }

        @Override
        public void shutdownOutput() throws IOException {
            channel.shutdownOutput();
        }

        @Override
        public synchronized void close() throws IOException {
            channel.close();
        }
    }
}
