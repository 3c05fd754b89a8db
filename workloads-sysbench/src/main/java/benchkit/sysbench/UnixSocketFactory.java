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
import java.nio.ByteBuffer;
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
            this.in = new ChannelIn(channel);
            this.out = new ChannelOut(channel);
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

    /** Reads straight from the channel, re-wrapping the caller's array only when it changes (the driver reuses one). */
    private static final class ChannelIn extends InputStream {
        private final SocketChannel channel;
        private byte[] array;
        private ByteBuffer wrapped;

        ChannelIn(SocketChannel channel) {
            this.channel = channel;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n <= 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (b != array) {
                array = b;
                wrapped = ByteBuffer.wrap(b);
            }
            wrapped.limit(off + len).position(off);
            return channel.read(wrapped);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Writes straight to the channel until the whole range is sent. */
    private static final class ChannelOut extends OutputStream {
        private final SocketChannel channel;
        private byte[] array;
        private ByteBuffer wrapped;

        ChannelOut(SocketChannel channel) {
            this.channel = channel;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (b != array) {
                array = b;
                wrapped = ByteBuffer.wrap(b);
            }
            wrapped.limit(off + len).position(off);
            while (wrapped.hasRemaining()) {
                channel.write(wrapped);
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
