package benchkit.core.annotated;

/** A method of an annotated workload failed; the message names the workload and the method. */
public final class UserMethodException extends RuntimeException {
    UserMethodException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The exception's type and message on one line. */
    static String describe(Throwable t) {
        String message = t.getMessage();
        String type = t.getClass().getSimpleName();
        return (message == null ? type : type + ": " + message).replace('\n', ' ').replace('\r', ' ');
    }
}
