package benchkit.core.plugin;

/** A plugin name that no loaded plugin has; the message lists the valid names. */
public class UnknownPluginException extends IllegalArgumentException {
    public UnknownPluginException(String message) {
        super(message);
    }
}
