package benchkit.cli;

import benchkit.spi.Target;
import org.junit.jupiter.api.Test;

import java.util.Optional;

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
        assertEquals(Optional.of("socket"), target(null, "/run/mysqld/mysqld.sock").property("transport"));
        assertEquals(Optional.of("socket"), target("localhost", "/run/mysqld/mysqld.sock").property("transport"));
    }

    @Test
    void anotherHostMeansTcpEvenWithASocket() {
        Target t = target("127.0.0.1", "/run/mysqld/mysqld.sock");
        assertEquals(Optional.empty(), t.property("transport"));
        assertEquals("127.0.0.1", t.host());
        assertEquals(Optional.empty(), target("db1", null).property("transport"));
        assertEquals("db1", target("db1", null).host());
    }
}
