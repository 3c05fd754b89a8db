package benchkit.core.plugin;

/** Two plugins of one kind share a name; the message names both classes and their jars. */
public class DuplicatePluginException extends IllegalStateException {
    public DuplicatePluginException(String message) {
        super(message);
    }
}
