package benchkit.launcher.mysql;

import benchkit.launch.UnownedServer;
import benchkit.spi.Target;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** An external server benchkit could not log in to; the message is one line and never holds the password. */
public class ServerUnreachableException extends Exception {
    /** Per address of the target, in its order: how its connect failed, or null for one that answered. */
    private final transient List<ClientLibraryError> clientErrors;
    /** A list's target with the product and version of an address that answered; null when none did. */
    private final transient Target answered;
    /** Whether a server answered and refused the login (user, password or database): bad input, not a fault. */
    private final boolean refused;

    public ServerUnreachableException(String message) {
        this(message, (ClientLibraryError) null);
    }

    public ServerUnreachableException(String message, ClientLibraryError clientError) {
        this(message, Collections.singletonList(clientError));
    }

    public ServerUnreachableException(String message, List<ClientLibraryError> perAddress) {
        this(message, perAddress, null);
    }

    /** A list of addresses of which some failed ({@code perAddress}); {@code answered}: the list, as the others are. */
    public ServerUnreachableException(String message, List<ClientLibraryError> perAddress, Target answered) {
        this(message, perAddress, answered, false);
    }

    /** As the others; {@code refused} when the server answered and refused the login. */
    public ServerUnreachableException(String message, List<ClientLibraryError> perAddress, Target answered,
                                      boolean refused) {
        super(message);
        this.clientErrors = Collections.unmodifiableList(new ArrayList<>(perAddress));
        this.answered = answered;
        this.refused = refused;
    }

    /** Whether the server answered and refused the login (a wrong password, user or database), rather than not answering. */
    public boolean refused() {
        return refused;
    }

    /** The (first) failure as MySQL's C client library reports it, for the tools that print its words (a sysbench line). */
    public Optional<ClientLibraryError> clientError() {
        return clientErrors.stream().filter(Objects::nonNull).findFirst();
    }

    /** Per address of the target ({@code Target.addresses()}), how its connect failed, or null where it did not. */
    public List<ClientLibraryError> clientErrors() {
        return clientErrors;
    }

    /**
     * The server at the list's first {@code count} addresses, when each of those answered: what a client that opens
     * only {@code count} connections (they take the addresses in turn) reaches, as sysbench's 1-thread prepare does.
     */
    public Optional<UnownedServer> firstAddresses(int count) {
        if (answered == null || count < 1 || count >= clientErrors.size()
                || clientErrors.subList(0, count).stream().anyMatch(Objects::nonNull)) {
            return Optional.empty();
        }
        return Optional.of(new UnownedServer(answered.toBuilder().addresses(answered.addresses().subList(0, count)).build()));
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
