package benchkit.launcher.mysql;

/** An external server benchkit could not log in to; the message is one line and never holds the password. */
public class ServerUnreachableException extends Exception {
    public ServerUnreachableException(String message) {
        super(message);
    }
}
