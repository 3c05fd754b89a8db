package benchkit.core.annotated;

/**
 * Text for "a plugin failed to load" messages, shared by the plugin registry and the annotated-workload
 * loader (here, not in the registry's package, because the registry already depends on this one).
 */
public final class PluginLoadMessages {
    private PluginLoadMessages() {
    }

    /** Where a plugin class came from: its jar or classes directory. */
    public static String jarOf(Class<?> type) {
        try {
            var source = type.getProtectionDomain().getCodeSource();
            return source == null ? "unknown location" : source.getLocation().getPath();
        } catch (SecurityException e) {
            return "unknown location";
        }
    }

    /** The message with its causes on one line. */
    public static String oneLine(Throwable e) {
        StringBuilder sb = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            sb.append(": ").append(c.getClass().getSimpleName()).append(' ').append(c.getMessage());
        }
        return sb.toString().replace('\n', ' ');
    }
}
