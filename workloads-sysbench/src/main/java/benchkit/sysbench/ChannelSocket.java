package benchkit.sysbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A {@link SocketChannel} in blocking mode dressed as a {@link Socket}, for the JDBC drivers'
 * socket factories. Unlike {@code new Socket()}, whose file descriptor turns non-blocking for
 * good once it connects with a timeout (every read that finds no data then costs a failed
 * {@code read}, a {@code poll} and another {@code read}), a read here is one blocking
 * {@code read} system call on a platform thread. On a virtual thread the JDK parks it as usual.
 * Read timeouts ({@code setSoTimeout}) are ignored: the workloads never set one, as sysbench.
 */
final class ChannelSocket extends Socket {
    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;

    ChannelSocket(SocketChannel channel) {
        this.channel = channel;
        this.in = new ChannelIn(channel);
        this.out = new ChannelOut(channel);
    }

    @Override
    public boolean isConnected() {
        return channel.isConnected();
    }

    /** Connects with a timeout, then leaves the channel blocking (the JDK restores it). */
    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        if (!channel.isConnected()) {
            channel.socket().connect(endpoint, timeout);
        }
    }

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        connect(endpoint, 0);
    }

    @Override
    public void bind(SocketAddress bindpoint) throws IOException {
        channel.bind(bindpoint);
    }

    @Override
    public InputStream getInputStream() {
        return in;
    }

    @Override
    public OutputStream getOutputStream() {
        return out;
    }

    /** Sets an option the channel supports (a unix socket has no TCP ones); IO errors as {@link SocketException}. */
    private <T> void set(SocketOption<T> option, T value) throws SocketException {
        if (!channel.supportedOptions().contains(option)) {
            return;
        }
        try {
            channel.setOption(option, value);
        } catch (SocketException e) {
            throw e;
        } catch (IOException e) {
            throw new SocketException(e.getMessage());
        }
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        set(StandardSocketOptions.TCP_NODELAY, on);
    }

    @Override
    public void setSoTimeout(int timeout) {
        // not supported: a timed read would make every read non-blocking again
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        set(StandardSocketOptions.SO_KEEPALIVE, on);
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        set(StandardSocketOptions.SO_LINGER, on ? linger : -1);
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        set(StandardSocketOptions.SO_RCVBUF, size);
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        set(StandardSocketOptions.SO_SNDBUF, size);
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

    /** Reads straight from the channel, re-wrapping the caller's array only when it changes (the drivers reuse one). */
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
