package benchkit.mysql.socket;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * A {@link SocketChannel} in blocking mode dressed as a {@link Socket}, for the JDBC drivers'
 * socket factories. Unlike {@code new Socket()}, whose file descriptor turns non-blocking for
 * good once it connects with a timeout (every read that finds no data then costs a failed
 * {@code read}, a {@code poll} and another {@code read}), a read here is one blocking
 * {@code read} system call on a platform thread. On a virtual thread the JDK parks it as usual.
 * A read timeout ({@code setSoTimeout}) is honoured while it is set: MariaDB Connector/J sets its
 * {@code connectTimeout} for the handshake and 0 again once logged in (and a few ms for its last
 * packet on close), so a server that accepts and never greets is an error after the connect timeout,
 * while queries keep the plain reads above.
 */
final class ChannelSocket extends Socket {
    private final SocketChannel channel;
    private final ChannelIn in;
    private final OutputStream out;

    ChannelSocket(SocketChannel channel) {
        this(channel, null);
    }

    /**
     * A connected unix socket read the way sysbench reads: a non-blocking read, and only when it
     * finds nothing a wait for readable data (epoll). A thread blocked in {@code read} on a unix
     * socket is also woken each time the peer consumes what this side wrote (the kernel wakes
     * every sleeper on the socket, readers included, when send-buffer space frees up): 1.5
     * context switches per query instead of sysbench's 1.0, and the server's own switches rose
     * with them. A readiness wait only wakes for data.
     */
    static ChannelSocket pollingUnix(SocketChannel connected) throws IOException {
        return new ChannelSocket(connected, new Readiness(connected));
    }

    /** @param readiness how to wait on a non-blocking channel; null for a blocking one */
    private ChannelSocket(SocketChannel channel, Readiness readiness) {
        this.channel = channel;
        this.in = new ChannelIn(channel, readiness);
        this.out = new ChannelOut(channel, readiness);
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
        in.timeoutMillis = Math.max(0, timeout);
    }

    @Override
    public int getSoTimeout() {
        return in.timeoutMillis;
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
        in.close();
    }

    /**
     * Reads straight from the channel; on a non-blocking channel it waits for data only when a read
     * finds none.
     */
    private static final class ChannelIn extends InputStream {
        private final SocketChannel channel;
        private final Readiness readiness;
        private final ArrayView view = new ArrayView();
        /** 0: reads wait as long as it takes (the workloads' reads, as sysbench's). */
        private volatile int timeoutMillis;

        ChannelIn(SocketChannel channel, Readiness readiness) {
            this.channel = channel;
            this.readiness = readiness;
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
            ByteBuffer wrapped = view.of(b, off, len);
            int timeout = timeoutMillis;
            if (timeout > 0) {
                return timedRead(wrapped, timeout);
            }
            if (readiness == null || readiness.blocking()) {
                return channel.read(wrapped);
            }
            int n;
            while ((n = channel.read(wrapped)) == 0) {
                readiness.await(SelectionKey.OP_READ);
            }
            return n;
        }

        /**
         * A read that gives up after {@code timeout} ms without data. A blocking channel waits on a
         * selector of its own and blocks again afterwards (closing the selector deregisters it), so only
         * the reads made while a timeout is set pay for the wait.
         */
        private int timedRead(ByteBuffer into, int timeout) throws IOException {
            long deadline = System.nanoTime() + timeout * 1_000_000L;
            if (readiness != null && !readiness.blocking()) {
                return readBefore(deadline, into, millis -> readiness.await(SelectionKey.OP_READ, millis));
            }
            channel.configureBlocking(false);
            try (Selector selector = Selector.open()) {
                channel.register(selector, SelectionKey.OP_READ);
                return readBefore(deadline, into, millis -> {
                    selector.select(millis);
                    selector.selectedKeys().clear();
                });
            } finally {
                channel.configureBlocking(true);
            }
        }

        private int readBefore(long deadline, ByteBuffer into, TimedWait wait) throws IOException {
            int n;
            while ((n = channel.read(into)) == 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new SocketTimeoutException("Read timed out");
                }
                wait.await(Math.max(1, left / 1_000_000));
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            closeBoth(channel, readiness);
        }
    }

    private interface TimedWait {
        void await(long millis) throws IOException;
    }

    /** Writes straight to the channel until the whole range is sent, waiting for room if it does not block. */
    private static final class ChannelOut extends OutputStream {
        private final SocketChannel channel;
        private final Readiness readiness;
        private final ArrayView view = new ArrayView();

        ChannelOut(SocketChannel channel, Readiness readiness) {
            this.channel = channel;
            this.readiness = readiness;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer wrapped = view.of(b, off, len);
            boolean waits = readiness != null && !readiness.blocking();
            while (wrapped.hasRemaining()) {
                if (channel.write(wrapped) == 0 && waits) {
                    readiness.await(SelectionKey.OP_WRITE);
                }
            }
        }

        @Override
        public void close() throws IOException {
            closeBoth(channel, readiness);
        }
    }

    private static void closeBoth(SocketChannel channel, Readiness readiness) throws IOException {
        channel.close();
        if (readiness != null) {
            readiness.close();
        }
    }

    /** A range of the caller's array as a buffer, re-wrapping the array only when it changes (the drivers reuse one). */
    private static final class ArrayView {
        private byte[] array;
        private ByteBuffer wrapped;

        ByteBuffer of(byte[] b, int off, int len) {
            if (b != array) {
                array = b;
                wrapped = ByteBuffer.wrap(b);
            }
            wrapped.limit(off + len).position(off);
            return wrapped;
        }
    }

    /**
     * A non-blocking channel's own selector, to wait until it can be read or written; on a
     * virtual thread the channel turns blocking for good instead, as the JDK then parks the thread
     * and waits for readable data itself (one run each, point-select, 8 threads: 35k QPS blocking,
     * 31k with the selector).
     */
    private static final class Readiness {
        private static final MethodHandle IS_VIRTUAL = isVirtualHandle();
        private final SocketChannel channel;
        private final Selector selector;
        private final SelectionKey key;
        private boolean blocking;

        Readiness(SocketChannel channel) throws IOException {
            this.channel = channel;
            channel.configureBlocking(false);
            selector = Selector.open();
            key = channel.register(selector, SelectionKey.OP_READ);
        }

        /** Whether the channel blocks from now on: it does once a virtual thread uses it. */
        boolean blocking() throws IOException {
            if (!blocking && isVirtual(Thread.currentThread())) {
                key.cancel();
                selector.selectNow();           // deregisters the cancelled key
                channel.configureBlocking(true);
                blocking = true;
            }
            return blocking;
        }

        void await(int op) throws IOException {
            await(op, 0);
        }

        /** Waits until {@code op} is ready, or at most {@code millis} (0: no limit). */
        void await(int op, long millis) throws IOException {
            if (key.interestOps() != op) {
                key.interestOps(op);
            }
            selector.select(millis);
            selector.selectedKeys().clear();
        }

        void close() throws IOException {
            selector.close();
        }

        private static boolean isVirtual(Thread t) {
            try {
                return IS_VIRTUAL != null && (boolean) IS_VIRTUAL.invokeExact(t);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        private static MethodHandle isVirtualHandle() {
            try {
                // Thread.isVirtual() exists from Java 19 (final in 21); before, every thread is a platform thread
                return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }
    }
}
