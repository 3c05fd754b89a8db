package benchkit.mysql.script;

import benchkit.mysql.JdbcDriver;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScriptSessionsTest {
    private static final Target TCP_ONLY = Target.builder().product("MySQL").password("s3cret").build();
    private static final Target WITH_SOCKET = Target.builder().product("MariaDB").socket("/tmp/x.sock").password("s3cret").build();

    @Test
    void autoPicksMariaDbConnectorForBothProducts() {
        assertEquals(JdbcDriver.MARIADB, ScriptSessions.resolve("w", TCP_ONLY, "auto", "tcp").driver());
        assertEquals(JdbcDriver.MARIADB, ScriptSessions.resolve("w", WITH_SOCKET, "auto", "tcp").driver());
        assertEquals(JdbcDriver.MYSQL, ScriptSessions.resolve("w", TCP_ONLY, "mysql", "tcp").driver());
    }

    @Test
    void targetPropertiesFillInDefaults() {
        Target t = TCP_ONLY.toBuilder().driver("mysql").build();
        assertEquals(JdbcDriver.MYSQL, ScriptSessions.resolve("w", t, "auto", "tcp").driver());
        Target s = WITH_SOCKET.toBuilder().transport(Target.Transport.SOCKET).build();
        assertTrue(ScriptSessions.resolve("w", s, "auto", "auto").usesSocket());
        assertFalse(ScriptSessions.resolve("w", s, "auto", "tcp").usesSocket(), "an explicit --transport wins");
        assertFalse(ScriptSessions.resolve("w", WITH_SOCKET, "auto", "auto").usesSocket(), "a socket alone is no choice");
    }

    @Test
    void socketNeedsASocketAndTheMariaDbDriver() {
        InvalidOptionException noSocket = assertThrows(InvalidOptionException.class, () -> ScriptSessions.resolve("w", TCP_ONLY, "auto", "socket"));
        assertTrue(noSocket.getMessage().startsWith("w: --transport=socket"), noSocket.getMessage());
        assertFalse(noSocket.getMessage().contains("s3cret"));
        InvalidOptionException mysql = assertThrows(InvalidOptionException.class, () -> ScriptSessions.resolve("w", WITH_SOCKET, "mysql", "socket"));
        assertTrue(mysql.getMessage().contains("--driver=mariadb"), mysql.getMessage());
        assertFalse(ScriptSessions.resolve("w", WITH_SOCKET, "auto", "socket").toString().contains("s3cret"));
    }

    /** An I/O failure without a message (a server that closed the connection) is named, never "null". */
    @org.junit.jupiter.api.Test
    void aFailureWithoutAMessageIsNamedNotNull() {
        org.junit.jupiter.api.Assertions.assertEquals("the server closed the connection",
                ScriptSession.ioMessage(new java.io.EOFException()));
        org.junit.jupiter.api.Assertions.assertEquals("SocketException", ScriptSession.ioMessage(new java.net.SocketException()));
        org.junit.jupiter.api.Assertions.assertEquals("Connection reset",
                ScriptSession.ioMessage(new java.net.SocketException("Connection reset")));
    }
}
