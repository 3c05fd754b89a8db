package benchkit.core.plugin;

/** A plugin's own code failed; the message names the plugin, its class and its jar, the cause keeps the stack trace. */
public class PluginFailureException extends RuntimeException {
    public PluginFailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
