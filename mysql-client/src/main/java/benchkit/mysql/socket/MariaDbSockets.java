package benchkit.mysql.socket;

import java.util.Properties;

/**
 * Makes MariaDB Connector/J connect through benchkit's JDK channel sockets: TCP reads are one blocking
 * call each ({@link TcpSocketFactory}), unix socket reads poll as sysbench's do ({@link UnixSocketFactory}).
 */
public final class MariaDbSockets {
    private MariaDbSockets() {
    }

    /**
     * Sets the connection options for a TCP connection, or for the unix socket at {@code unixSocketPath}.
     * The driver ignores its {@code socketFactory} for a {@code localSocket} address whenever JNA is on
     * the class path (bench.jar carries it for OSHI) and reads through JNA; so the path
     * travels in an option of ours, and the URL must name a host and port, which are then never dialled.
     */
    public static void use(Properties options, String unixSocketPath) {
        if (unixSocketPath != null) {
            options.setProperty(UnixSocketFactory.PATH_OPTION, unixSocketPath);
            options.setProperty("socketFactory", UnixSocketFactory.class.getName());
        } else {
            options.setProperty("socketFactory", TcpSocketFactory.class.getName());
        }
    }
}
