package benchkit.mysql.wire;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * The MySQL protocol's packets over a non-blocking channel: a 3-byte length and a sequence number
 * before each payload. One request is written at a time; replies are read as far as they have
 * arrived, so an event loop can read a little and come back later. Blocking waits go through a
 * selector of this channel's own, as sysbench polls before it receives.
 */
final class WireChannel implements AutoCloseable {
    private static final int HEADER = 4;
    private static final int MAX_PAYLOAD = 0xffffff;
    final SocketChannel channel;
    private ByteBuffer in = ByteBuffer.allocateDirect(64 << 10).order(ByteOrder.LITTLE_ENDIAN);
    private ByteBuffer out = ByteBuffer.allocateDirect(16 << 10).order(ByteOrder.LITTLE_ENDIAN);
    private final long timeoutMillis;
    private Selector waiter;
    /** Reads block in the kernel (TCP on a thread of its own); the channel then cannot join a selector. */
    private boolean blockingReads;
    /** The sequence number of the packet read last; a reply within one exchange counts on from it. */
    private int lastSequence;

    private WireChannel(SocketChannel channel, long timeoutMillis) throws IOException {
        this.channel = channel;
        this.timeoutMillis = timeoutMillis;
        channel.configureBlocking(false);
        in.limit(0);
    }

    /** Connects to the unix socket at {@code socketPath}, or when it is null to {@code host:port} over TCP. */
    static WireChannel connect(String socketPath, String host, int port, long timeoutMillis) throws IOException {
        SocketChannel c;
        if (socketPath != null) {
            c = SocketChannel.open(UnixDomainSocketAddress.of(socketPath));
        } else {
            c = SocketChannel.open();
            try {
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                c.socket().connect(new InetSocketAddress(host, port), (int) timeoutMillis);
            } catch (IOException e) {
                c.close();
                throw e;
            }
        }
        return new WireChannel(c, timeoutMillis);
    }

    /**
     * For a connection waited on by a thread of its own: over TCP a read then blocks in the kernel, one
     * system call per reply instead of poll and read (as measured for the JDBC sockets). A unix socket
     * keeps polling: a reader blocked on it is also woken whenever the server drains the request.
     */
    void ownThread() throws IOException {
        if (!(channel.getRemoteAddress() instanceof UnixDomainSocketAddress)) {
            if (waiter != null) {    // a channel still registered with a selector cannot block
                waiter.close();
                waiter = null;
            }
            channel.configureBlocking(true);
            blockingReads = true;
        }
    }

    /** Starts a request packet with {@code sequence} and a small payload (the log-in's, COM_QUIT). */
    ByteBuffer request(int sequence) {
        return request(sequence, 0);
    }

    /**
     * Starts a request packet with {@code sequence} and room for {@code payloadBytes}; write the payload
     * into the buffer returned, then {@link #send()}.
     */
    ByteBuffer request(int sequence, int payloadBytes) {
        if (payloadBytes >= MAX_PAYLOAD) {
            // one packet carries less than 16 MB; sysbench's statements never come near it
            throw new IllegalArgumentException("a request of " + payloadBytes + " bytes; at most " + (MAX_PAYLOAD - 1));
        }
        if (HEADER + payloadBytes > out.capacity()) {
            out = ByteBuffer.allocateDirect(Integer.highestOneBit(HEADER + payloadBytes) << 1).order(ByteOrder.LITTLE_ENDIAN);
        }
        out.clear();
        out.putInt(0);
        out.put(3, (byte) sequence);
        return out;
    }

    /** Starts the answer to the packet read last, within one exchange (the log-in). */
    ByteBuffer answer() {
        return request(lastSequence + 1);
    }

    /** Sends the request started by {@link #request}, waiting for room in the socket if need be. */
    void send() throws IOException {
        int length = out.position() - HEADER;
        out.put(0, (byte) length).put(1, (byte) (length >> 8)).put(2, (byte) (length >> 16));
        out.flip();
        while (out.hasRemaining()) {
            if (channel.write(out) == 0) {
                await(SelectionKey.OP_WRITE, 0);
            }
        }
    }

    /**
     * The payload of the next whole packet, reading once from the channel if it is not in yet; null
     * when it has not all arrived. The payload is valid until the next call.
     */
    ByteBuffer poll() throws IOException {
        ByteBuffer p = nextInBuffer();
        if (p != null) {
            return p;
        }
        in.compact();
        int n;
        try {
            n = channel.read(in);
        } finally {
            in.flip();
        }
        if (n < 0) {
            throw new EOFException("the server closed the connection");
        }
        return n == 0 ? null : nextInBuffer();
    }

    /** The payload of the next whole packet, waiting for it at most the connect timeout (for the log-in and prepares). */
    ByteBuffer take() throws IOException {
        ByteBuffer p;
        while ((p = poll()) == null) {
            if (!blockingReads) {
                await(SelectionKey.OP_READ, timeoutMillis);
            }
        }
        return p;
    }

    /** Waits, without a limit, until the channel is readable (what {@link #poll} returned null for). */
    void awaitReadable() throws IOException {
        if (!blockingReads) {    // else the next read waits by itself
            await(SelectionKey.OP_READ, 0);
        }
    }

    private ByteBuffer nextInBuffer() {
        if (in.remaining() < HEADER) {
            return null;
        }
        int at = in.position();
        int length = in.getInt(at) & 0xffffff;
        if (in.remaining() < HEADER + length) {
            if (HEADER + length > in.capacity()) {
                grow(HEADER + length);
            }
            return null;
        }
        lastSequence = in.get(at + 3) & 0xff;
        in.position(at + HEADER + length);
        return in.slice(at + HEADER, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    private void grow(int needed) {
        ByteBuffer bigger = ByteBuffer.allocateDirect(Integer.highestOneBit(needed) << 1).order(ByteOrder.LITTLE_ENDIAN);
        bigger.put(in).flip();
        in = bigger;
    }

    /** Waits for {@code op} on the channel, at most {@code timeout} ms (0: no limit); may return early. */
    private void await(int op, long timeout) throws IOException {
        if (waiter == null) {
            waiter = Selector.open();
        }
        SelectionKey key = channel.keyFor(waiter);
        if (key == null) {
            key = channel.register(waiter, op);
        } else {
            key.interestOps(op);
        }
        int ready = timeout > 0 ? waiter.select(timeout) : waiter.select();
        waiter.selectedKeys().clear();
        if (ready == 0 && Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted while waiting for the server");
        }
        if (ready == 0 && timeout > 0) {
            throw new SocketTimeoutException("no answer from the server in " + timeout + " ms");
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (waiter != null) {
                waiter.close();
            }
        } finally {
            channel.close();
        }
    }
}
