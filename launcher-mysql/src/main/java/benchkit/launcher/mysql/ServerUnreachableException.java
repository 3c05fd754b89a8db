package benchkit.launcher.mysql;

import java.util.Optional;

/** An external server benchkit could not log in to; the message is one line and never holds the password. */
public class ServerUnreachableException extends Exception {
    private final transient ClientLibraryError clientError;

    public ServerUnreachableException(String message) {
        this(message, null);
    }

    public ServerUnreachableException(String message, ClientLibraryError clientError) {
        super(message);
        this.clientError = clientError;
    }

    /** The failure as MySQL's C client library reports it, for the tools that print its words (a sysbench line). */
    public Optional<ClientLibraryError> clientError() {
        return Optional.ofNullable(clientError);
    }

    /**
     * A failed connect in the words of libmariadb, the client library Debian's sysbench 1.0.20 links: its error number
     * and message ({@code mysql_errno}, {@code mysql_error}), and where it tried, as sysbench names it.
     *
     * @param where {@code host 'H', port P} or {@code socket 'S'}
     */
    public record ClientLibraryError(String where, int code, String message) {
    }
}
