package benchkit.mysql.socket;

import java.sql.Connection;

/** For tests: what MariaDB Connector/J really reads from. */
public final class DriverSocket {
    private DriverSocket() {
    }

    /** The name of benchkit's socket class, to compare with {@link #className}. */
    public static final String CHANNEL_SOCKET = ChannelSocket.class.getSimpleName();

    /** The simple class name of the socket {@code c} reads from ({@link ChannelSocket}, or e.g. the driver's JNA one). */
    public static String className(Connection c) throws Exception {
        return socket(c).getClass().getSimpleName();
    }

    /** The socket the driver's client holds: no API shows it, so a look at its field. */
    private static Object socket(Connection c) throws Exception {
        Object client = c.unwrap(org.mariadb.jdbc.Connection.class).getClient();
        for (Class<?> k = client.getClass(); k != null; k = k.getSuperclass()) {
            try {
                java.lang.reflect.Field f = k.getDeclaredField("socket");
                f.setAccessible(true);
                return f.get(client);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new AssertionError("no socket field in " + client.getClass());
    }
}
