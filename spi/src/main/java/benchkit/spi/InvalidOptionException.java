package benchkit.spi;

/** A bad option value or an unknown option; its message is one line meant for the user. */
public class InvalidOptionException extends IllegalArgumentException {
    public InvalidOptionException(String message) {
        super(message);
    }
}
