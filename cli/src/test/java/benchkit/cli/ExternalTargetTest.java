package benchkit.cli;

import benchkit.spi.Target;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;

/** --mysql-socket picks the transport as libmysqlclient (and so sysbench) does. */
class ExternalTargetTest {
    private static Target target(String host, String socket) {
        ServerOptions o = new ServerOptions();
        o.mysqlHost = host;
        o.mysqlSocket = socket;
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
}
