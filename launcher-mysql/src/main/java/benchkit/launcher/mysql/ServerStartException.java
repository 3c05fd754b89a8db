package benchkit.launcher.mysql;

/**
 * A server that did not start. The first line of the message says why; the following lines, when
 * present, are the relevant tail of the server's error log.
 */
public class ServerStartException extends Exception {
    private final String reason;

    public ServerStartException(String reason, String logTail) {
        this(reason, logTail, "");
    }

    /** With {@code remedy} (e.g. "; ... : free some") after the server's first error, in the one line. */
    public ServerStartException(String reason, String logTail, String remedy) {
        super(logTail == null || logTail.isBlank() ? withFirstError(reason, logTail) + remedy
                : withFirstError(reason, logTail) + remedy + "\n" + logTail);
        this.reason = withFirstError(reason, logTail) + remedy;
    }

    /** The one line that reaches a summary names the server's own first error, so it explains itself. */
    private static String withFirstError(String reason, String logTail) {
        return ErrorLog.firstError(logTail)
                .filter(error -> !reason.contains(error))
                .map(error -> reason + ": " + error)
                .orElse(reason);
    }

    /** The one-line reason, without the log tail. */
    public String reason() {
        return reason;
    }
}
