package benchkit.cli;

import benchkit.spi.Target;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** --mysql-socket picks the transport as libmysqlclient (and so sysbench) does. */
class ExternalTargetTest {
    private static Target target(String host, String socket) {
        ServerOptions o = new ServerOptions();
        o.mysqlHost = host == null ? null : java.util.List.of(host.split(","));
        o.mysqlSocket = socket == null ? null : java.util.List.of(socket.split(","));
        return Variants.externalTarget(o);
    }

    @Test
    void aSocketAloneOrWithLocalhostIsTheWayIn() {
        assertEquals(Target.Transport.SOCKET, target(null, "/run/mysqld/mysqld.sock").transport());
        assertEquals(Target.Transport.SOCKET, target("localhost", "/run/mysqld/mysqld.sock").transport());
    }

    @Test
    void anotherHostMeansTcpEvenWithASocket() {
        Target t = target("127.0.0.1", "/run/mysqld/mysqld.sock");
        assertEquals(Target.Transport.TCP, t.transport());
        assertEquals("127.0.0.1", t.host());
        assertEquals(Target.Transport.TCP, target("db1", null).transport());
        assertEquals("db1", target("db1", null).host());
    }

    /** sysbench's lists: each connection takes the next; hosts outer, ports inner; or the sockets. */
    @Test
    void listsAreTheAddressesConnectionsTakeInTurn() {
        ServerOptions o = new ServerOptions();
        o.mysqlHost = java.util.List.of("db1", "db2");
        o.mysqlPort = java.util.List.of(3306, 3307);
        assertEquals("[host 'db1', port 3306, host 'db1', port 3307, host 'db2', port 3306, host 'db2', port 3307]",
                Variants.externalTarget(o).addresses().toString());
        assertEquals("db1", Variants.externalTarget(o).host());
        assertEquals("[socket '/a', socket '/b']", target(null, "/a,/b").addresses().toString());
        assertEquals(1, target("db1", null).addresses().size());
    }

    /** An external server's account given for a server bench launches is refused, not dropped in silence (issue #51). */
    @Test
    void anExternalServersAccountIsRefusedForALaunchedServer() {
        ServerOptions o = new ServerOptions();
        o.mysqlDb = "d".repeat(70_000);
        UsageException e = assertThrows(UsageException.class, () -> Variants.matrix(o));
        assertEquals("--mysql-db is for an external server (--mysql-host/--mysql-port/--mysql-socket); a server bench "
                + "launches has its own user and database: leave it out, or name your server", e.getMessage());
        o.mysqlUser = "u";
        assertEquals("--mysql-user, --mysql-db are for an external server", assertThrows(UsageException.class,
                () -> Variants.matrix(o)).getMessage().split(" \\(")[0]);
    }

    /** Both password variables set: neither wins in silence (a stale one would be blamed on neither), and no password is shown. */
    @Test
    void bothPasswordVariablesAreRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("pw"), "fromfile\n");
        java.util.Map<String, String> env = new java.util.HashMap<>(java.util.Map.of(ServerOptions.PASSWORD_FILE_ENV, file.toString()));
        assertEquals("fromfile", new ServerOptions().password(env::get));
        env.put(ServerOptions.PASSWORD_ENV, "fromvar");
        UsageException e = assertThrows(UsageException.class, () -> new ServerOptions().password(env::get));
        assertEquals("BENCH_MYSQL_PASSWORD and BENCH_MYSQL_PASSWORD_FILE are both set; unset the one that does not hold the"
                + " password", e.getMessage());
    }
}
