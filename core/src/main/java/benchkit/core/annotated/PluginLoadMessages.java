package benchkit.core.annotated;

/**
 * Text for "a plugin failed to load" messages, and the walk over a service's listed providers that says them, shared
 * by the plugin registry and the annotated-workload loader (here, not in the registry's package, because the registry
 * already depends on this one).
 */
public final class PluginLoadMessages {
    /** ServiceLoader's words for a class without the constructor it needs. */
    private static final String NO_CONSTRUCTOR = "Unable to get public no-arg constructor";

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

    /** A plugin problem in the one format every such line has: the jar, the class and its kind, the cause. */
    public static String problem(String jar, String className, String kind, String cause) {
        return "plugin " + jar + ": " + className + " (" + kind + ") " + cause;
    }

    /** {@link #problem} for a class that was loaded. */
    public static String problem(Class<?> type, String kind, String cause) {
        return problem(jarOf(type), type.getName(), kind, cause);
    }

    /**
     * {@link #problem} for a service entry {@link java.util.ServiceLoader} could not load: its message names the class
     * but not the jar, which is found from the services files that list the class.
     */
    public static String problem(java.util.ServiceConfigurationError e, Class<?> service, ClassLoader loader) {
        String message = oneLine(e);
        String prefix = service.getName() + ": ";
        String rest = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
        java.util.Map<String, String> listed = ServicesFiles.listing(service, loader);
        for (java.util.Map.Entry<String, String> entry : listed.entrySet()) {
            String className = entry.getKey();
            if (rest.startsWith(className + " ") || rest.startsWith("Provider " + className + " ")) {
                String cause = rest.startsWith("Provider ") ? rest.substring("Provider ".length() + className.length() + 1)
                        : rest.substring(className.length() + 1);
                return problem(entry.getValue(), className, service.getSimpleName(),
                        cause.startsWith(NO_CONSTRUCTOR) ? "has no public no-arg constructor, which bench creates it with"
                                : cause);
            }
        }
        return "plugin " + service.getSimpleName() + ": " + rest;
    }

    /**
     * Hands each provider of {@code service} that {@code loader} lists to {@code each}, in order; an entry
     * ServiceLoader cannot even list (a missing class, no public no-arg constructor) is said to {@code problems} as
     * one line, and the walk goes on with the next.
     */
    public static <T> void forEachProvider(Class<T> service, ClassLoader loader, java.util.function.Consumer<String> problems,
                                           java.util.function.Consumer<java.util.ServiceLoader.Provider<T>> each) {
        java.util.Iterator<java.util.ServiceLoader.Provider<T>> providers =
                java.util.ServiceLoader.load(service, loader).stream().iterator();
        while (true) {
            java.util.ServiceLoader.Provider<T> provider;
            try {
                if (!providers.hasNext()) {
                    return;
                }
                provider = providers.next();
            } catch (java.util.ServiceConfigurationError e) {
                problems.accept(problem(e, service, loader));
                continue;
            }
            each.accept(provider);
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
