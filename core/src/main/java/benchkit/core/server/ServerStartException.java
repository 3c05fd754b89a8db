package benchkit.core.server;

/**
 * A server that did not start. The first line of the message says why; the following lines, when
 * present, are the relevant tail of the server's error log.
 */
public class ServerStartException extends Exception {
    private final String reason;

    public ServerStartException(String reason, String logTail) {
        super(logTail == null || logTail.isBlank() ? reason : reason + "\n" + logTail);
        this.reason = reason;
    }

    /** The one-line reason, without the log tail. */
    public String reason() {
        return reason;
    }
}
