import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * An experiment, not part of bench: the leanest JDK-only client of sysbench's point-select, with no
 * driver and no runner, to see what the structure of a client costs. It speaks just enough of the
 * MySQL protocol (handshake with an empty password, COM_STMT_PREPARE, COM_STMT_EXECUTE, binary result
 * sets) for "SELECT c FROM sbtestN WHERE id=?", as sysbench sends it: 22-byte requests, one
 * outstanding query per connection.
 *
 * <p>Modes: {@code loop} drives every connection from one thread with one epoll selector (a
 * non-blocking client); {@code threads} gives each connection its own thread, which reads without
 * blocking and waits in epoll when nothing is there, as sysbench does.
 *
 * <p>Usage: {@code java RawClient.java SOCKET_PATH|HOST:PORT USER DB loop|threads CONNECTIONS SECONDS TABLES TABLE_SIZE}
 * (the user must have an empty password, as on benchmarks/private-server.sh's server). Prints the
 * number of queries it completed.
 */
public final class RawClient {
    private static final LongAdder QUERIES = new LongAdder();
    private static volatile boolean running = true;

    public static void main(String[] a) throws Exception {
        if (a.length != 8) {
            System.err.println("usage: RawClient SOCKET_PATH|HOST:PORT USER DB loop|threads CONNECTIONS SECONDS TABLES TABLE_SIZE");
            System.exit(2);
        }
        String target = a[0], user = a[1], db = a[2], mode = a[3];
        int connections = Integer.parseInt(a[4]), seconds = Integer.parseInt(a[5]);
        int tables = Integer.parseInt(a[6]), tableSize = Integer.parseInt(a[7]);
        List<Connection> all = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            all.add(new Connection(target, user, db, tables, tableSize, i));
        }
        List<Thread> threads = new ArrayList<>();
        if (mode.equals("loop")) {
            threads.add(new Thread(() -> drive(all), "loop"));
        } else if (mode.equals("threads")) {
            for (Connection c : all) {
                threads.add(new Thread(() -> drive(List.of(c)), "conn"));
            }
        } else {
            throw new IllegalArgumentException("mode must be loop or threads: " + mode);
        }
        threads.forEach(Thread::start);
        Thread.sleep(seconds * 1000L);
        running = false;
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("queries: " + QUERIES.sum());
    }

    /** Keeps one query in flight on each connection until the run ends. */
    private static void drive(List<Connection> connections) {
        try (Selector selector = Selector.open()) {
            for (Connection c : connections) {
                c.channel.register(selector, SelectionKey.OP_READ, c);
                c.sendPointSelect();
            }
            while (running) {
                selector.select(key -> {
                    Connection c = (Connection) key.attachment();
                    if (c.readReply()) {
                        QUERIES.increment();
                        c.sendPointSelect();
                    }
                }, 1000);
            }
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private static final class Connection {
        private static final int CAPABILITIES = 0x1 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000;
        final SocketChannel channel;
        private final ByteBuffer in = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        private final ByteBuffer out = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
        private final int[] statements;
        private final int tableSize;
        private final SplittableRandom random;
        /** Where the reply being read is: 0 first packet, 1 column definitions, 2 their EOF, 3 rows. */
        private int part;
        private long columnsLeft;

        Connection(String target, String user, String db, int tables, int tableSize, int index) throws IOException {
            if (target.startsWith("/")) {
                channel = SocketChannel.open(UnixDomainSocketAddress.of(target));
            } else {
                int colon = target.lastIndexOf(':');
                channel = SocketChannel.open(new InetSocketAddress(target.substring(0, colon),
                        Integer.parseInt(target.substring(colon + 1))));
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            }
            this.tableSize = tableSize;
            this.random = new SplittableRandom(index);
            in.limit(0);
            logIn(user, db);
            statements = new int[tables];
            for (int t = 0; t < tables; t++) {
                statements[t] = prepare("SELECT c FROM sbtest" + (t + 1) + " WHERE id=?");
            }
            channel.configureBlocking(false);
        }

        private void logIn(String user, String db) throws IOException {
            packet();    // the server's greeting; with an empty password its scramble is not needed
            ByteArrayOutputStream p = new ByteArrayOutputStream();
            writeInt(p, CAPABILITIES);
            writeInt(p, 1 << 24);    // max packet
            p.write(33);             // utf8_general_ci
            p.writeBytes(new byte[23]);
            p.writeBytes((user + "\0").getBytes(StandardCharsets.UTF_8));
            p.write(0);              // empty auth response
            p.writeBytes((db + "\0mysql_native_password\0").getBytes(StandardCharsets.UTF_8));
            send(1, p.toByteArray());
            ByteBuffer reply = packet();
            if ((reply.get(0) & 0xff) == 0xfe) {    // switch to the user's plugin: still an empty password
                send(3, new byte[0]);
                reply = packet();
            }
            expectOk(reply, "log-in");
        }

        private int prepare(String sql) throws IOException {
            byte[] text = sql.getBytes(StandardCharsets.UTF_8);
            byte[] p = new byte[text.length + 1];
            p[0] = 0x16;    // COM_STMT_PREPARE
            System.arraycopy(text, 0, p, 1, text.length);
            send(0, p);
            ByteBuffer reply = packet();
            expectOk(reply, sql);
            int id = reply.getInt(1), columns = reply.getShort(5), params = reply.getShort(7);
            for (int i = 0; i < (params > 0 ? params + 1 : 0) + (columns > 0 ? columns + 1 : 0); i++) {
                packet();    // definitions, each list ending in an EOF packet
            }
            return id;
        }

        /** COM_STMT_EXECUTE of a random table's statement with a uniform id: 18 bytes after the header. */
        void sendPointSelect() {
            out.clear();
            out.putInt(18).put(3, (byte) 0);    // length 18 in 3 bytes, sequence 0
            out.put((byte) 0x17).putInt(statements[random.nextInt(statements.length)]).put((byte) 0).putInt(1)
                    .put((byte) 0).put((byte) 1).putShort((short) 3).putInt(1 + random.nextInt(tableSize));
            out.flip();
            try {
                while (out.hasRemaining()) {
                    channel.write(out);
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
            part = 0;
        }

        /** Reads what is there; true once the whole reply (OK, or a result set to its EOF) is in. */
        boolean readReply() {
            try {
                in.compact();
                int n = channel.read(in);
                in.flip();
                if (n < 0) {
                    throw new IOException("the server closed the connection");
                }
                while (in.remaining() >= 4) {
                    int at = in.position();
                    int length = in.getInt(at) & 0xffffff;
                    if (in.remaining() < 4 + length) {
                        break;
                    }
                    int first = in.get(at + 4) & 0xff;
                    in.position(at + 4 + length);
                    if (first == 0xff) {
                        throw new IOException("query failed: " + text(in.slice(at + 4, length)));
                    }
                    switch (part) {
                        case 0 -> {
                            if (first == 0) {
                                return true;
                            }
                            columnsLeft = first;
                            part = 1;
                        }
                        case 1 -> part = --columnsLeft == 0 ? 2 : 1;
                        case 2 -> part = 3;
                        default -> {
                            if (first == 0xfe && length < 9) {
                                return true;
                            }
                        }
                    }
                }
                return false;
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }

        private ByteBuffer packet() throws IOException {
            while (true) {
                if (in.remaining() >= 4) {
                    int length = in.getInt(in.position()) & 0xffffff;
                    if (in.remaining() >= 4 + length) {
                        ByteBuffer p = in.slice(in.position() + 4, length).order(ByteOrder.LITTLE_ENDIAN);
                        in.position(in.position() + 4 + length);
                        return p;
                    }
                }
                in.compact();
                int n = channel.read(in);
                in.flip();
                if (n < 0) {
                    throw new IOException("the server closed the connection");
                }
            }
        }

        private void send(int sequence, byte[] payload) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(4 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(payload.length).put(3, (byte) sequence).put(payload).flip();
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }

        private static void expectOk(ByteBuffer reply, String what) throws IOException {
            if ((reply.get(0) & 0xff) != 0) {
                throw new IOException(what + " failed: " + text(reply));
            }
        }

        private static String text(ByteBuffer b) {
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        private static void writeInt(ByteArrayOutputStream p, int v) {
            p.write(v);
            p.write(v >> 8);
            p.write(v >> 16);
            p.write(v >> 24);
        }
    }
}
