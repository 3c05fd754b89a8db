package benchkit.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * The endpoint's transport rule, and the one connector's promise that every way in (both JDBC drivers
 * and the wire client) gives up on a server that accepts and never greets, without the password in
 * the error. Real connections to real servers: the workloads' tests (SqlWorkloadTest, ConnectorTest,
 * SqlKvWorkloadTest) and every integration test.
 */
// a hang must fail the test, not the build: the timeout runs the test on a thread it can abandon
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SqlConnectorTest {
    private static final Target TCP_ONLY = Target.builder().host("127.0.0.1").port(3307).user("bench")
            .password("s3cret").database("sbtest").build();
    private static final Target WITH_SOCKET = TCP_ONLY.toBuilder().socket("/tmp/m.sock").build();
    private static final Target ASKS_FOR_SOCKET = WITH_SOCKET.toBuilder().transport(Target.Transport.SOCKET).build();

    @Test
    void autoTakesTheSocketOnlyWhenTheTargetAsksForItAndHasOne() {
        assertNull(SqlEndpoint.of(WITH_SOCKET, "auto", "w").unixSocket(), "a socket alone is no choice");
        assertEquals("/tmp/m.sock", SqlEndpoint.of(ASKS_FOR_SOCKET, "auto", "w").unixSocket());
        assertFalse(SqlEndpoint.of(ASKS_FOR_SOCKET, "tcp", "w").overSocket(), "an explicit --transport wins");
        assertFalse(SqlEndpoint.of(ASKS_FOR_SOCKET.toBuilder().socket(null).build(), "auto", "w").overSocket());
        assertEquals("/tmp/m.sock", SqlEndpoint.of(WITH_SOCKET, "socket", "w").unixSocket());
        assertEquals("/tmp/m.sock", SqlEndpoint.preferSocket(WITH_SOCKET).unixSocket());
        assertFalse(SqlEndpoint.preferSocket(TCP_ONLY).overSocket());
    }

    @Test
    void aSocketThatIsNotThereIsAOneLineOptionError() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> SqlEndpoint.of(TCP_ONLY, "socket", "oltp_point_select"));
        assertTrue(e.getMessage().startsWith("oltp_point_select: --transport=socket needs a server with a unix socket;"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> SqlConnector.to(SqlEndpoint.of(WITH_SOCKET, "socket", "w")).withDriver(JdbcDriver.MYSQL));
    }

    /** sysbench's lists: each address as given; a --transport that names the other way in is refused in one line. */
    @Test
    void aListOfAddressesIsTakenAsGivenAndATransportMustMatchIt() {
        Target sockets = TCP_ONLY.toBuilder().addresses(java.util.List.of(new Target.Address("localhost", 0, "/a.sock"),
                new Target.Address("localhost", 0, "/b.sock"))).build();
        assertEquals(java.util.List.of("/a.sock", "/b.sock"), SqlEndpoint.all(sockets, "auto", "w").stream()
                .map(SqlEndpoint::unixSocket).toList());
        assertEquals(2, SqlEndpoint.all(sockets, "socket", "w").size());
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> SqlEndpoint.all(sockets, "tcp", "w"));
        assertTrue(e.getMessage().startsWith("w: --transport=tcp does not reach the servers' unix sockets"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        Target hosts = TCP_ONLY.toBuilder().addresses(java.util.List.of(new Target.Address("db1", 3306, null),
                new Target.Address("db1", 3307, null))).build();
        assertEquals(java.util.List.of(3306, 3307), SqlEndpoint.all(hosts, "tcp", "w").stream().map(SqlEndpoint::port).toList());
        assertThrows(InvalidOptionException.class, () -> SqlEndpoint.all(hosts, "socket", "w"));
    }

    @Test
    void theEndpointNamesServerAccountAndDatabaseButNeverThePassword() {
        assertEquals("bench@127.0.0.1:3307/sbtest", SqlEndpoint.of(TCP_ONLY).toString());
        assertEquals("root@socket /tmp/m.sock", SqlEndpoint.unixSocket("/tmp/m.sock", "root", "s3cret").toString());
        assertEquals("bench@127.0.0.1:3307", SqlEndpoint.of(TCP_ONLY).inDatabase("").toString());
        assertEquals("s3cret", SqlEndpoint.of(TCP_ONLY).password());
        assertFalse(SqlConnector.to(SqlEndpoint.of(TCP_ONLY)).toString().contains("s3cret"));
    }

    @Test
    void everyWayInGivesUpOnAServerThatNeverGreets() throws Exception {
        try (ServerSocketChannel silent = ServerSocketChannel.open()) {
            silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = ((InetSocketAddress) silent.getLocalAddress()).getPort();
            SqlConnector connector = SqlConnector.to(SqlEndpoint.of(TCP_ONLY.toBuilder().port(port).build()))
                    .withConnectTimeout(Duration.ofSeconds(1));
            assertGivesUpWithinSeconds(4, "mariadb", () -> connector.open().close());
            assertGivesUpWithinSeconds(4, "mysql", () -> connector.withDriver(JdbcDriver.MYSQL).open().close());
            assertGivesUpWithinSeconds(4, "wire", () -> connector.openWire().close());
        }
    }

    private static void assertGivesUpWithinSeconds(double bound, String way, Executable connect) {
        long t0 = System.nanoTime();
        Exception e = assertThrows(Exception.class, connect, way);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < bound, way + " gave up after " + seconds + " s: " + e);
        assertFalse(String.valueOf(e.getMessage()).contains("s3cret"), way + ": " + e.getMessage());
    }
}
