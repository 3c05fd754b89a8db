package benchkit.mysql;

import benchkit.spi.InvalidOptionException;

import java.sql.SQLException;
import java.util.Arrays;

/**
 * The error policy of every SQL session (sysbench's rule for its scripts): a lost connection
 * reconnects and the event is retried; an error code the user listed ({@code --mysql-ignore-errors},
 * {@code --ignore-errors}) rolls back an open transaction and counts as ignored; any other error
 * ends the run with a one-line message.
 */
public final class IgnoredErrors {
    /** No code is ignored. */
    public static final IgnoredErrors NONE = new IgnoredErrors(false, new int[0]);
    /** Deadlock (1213) and lock wait timeout (1205): what a concurrent write load meets now and then. */
    public static final IgnoredErrors DEADLOCKS = new IgnoredErrors(false, new int[] {1213, 1205});

    /** What a session does after an error. */
    public enum Action {
        /** The connection is gone: connect again, prepare again, and retry the event. */
        RECONNECT,
        /** A listed code: roll back when in a transaction, count the event as an ignored error. */
        IGNORE,
        /** Anything else: the run ends, naming the error. */
        FAIL
    }

    private final boolean all;
    private final int[] codes;

    private IgnoredErrors(boolean all, int[] codes) {
        this.all = all;
        this.codes = codes;
    }

    /**
     * Comma-separated error codes, {@code all}, or {@code none} (or nothing).
     *
     * @param who    names the workload in the error, e.g. {@code oltp_read_write}
     * @param option the option's name without dashes, e.g. {@code mysql-ignore-errors}
     */
    public static IgnoredErrors parse(String who, String option, String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("all")) {
            return new IgnoredErrors(true, new int[0]);
        }
        if (t.isEmpty() || t.equalsIgnoreCase("none")) {
            return NONE;
        }
        String[] parts = t.split(",");
        int[] codes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                codes[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                codes[i] = -1;
            }
            if (codes[i] <= 0) {
                throw new InvalidOptionException(who + ": --" + option + "=" + text
                        + " is not valid; expected comma-separated error codes (e.g. 1213,1205), all or none");
            }
        }
        return new IgnoredErrors(false, codes);
    }

    public boolean ignores(int errorCode) {
        if (all) {
            return true;
        }
        for (int c : codes) {
            if (c == errorCode) {
                return true;
            }
        }
        return false;
    }

    /** What to do after {@code e} (a JDBC session's error); a lost connection wins over a listed code. */
    public Action actionFor(SQLException e) {
        return SqlErrors.isConnectionLost(e) ? Action.RECONNECT : actionFor(e.getErrorCode(), e.getSQLState());
    }

    /**
     * What to do after an error known by its code and SQLState (as the wire client reports a server's answer); the
     * rule both kinds of session follow: a lost connection wins over a listed code.
     */
    public Action actionFor(int code, String sqlState) {
        if (SqlErrors.isConnectionLost(code, sqlState)) {
            return Action.RECONNECT;
        }
        return ignores(code) ? Action.IGNORE : Action.FAIL;
    }

    /**
     * What to do when the ROLLBACK that follows an ignored error fails: a lost connection reconnects and the event is
     * retried (the server rolled the transaction back when the connection went; the event counts as a reconnect,
     * as any event that lost its connection), whatever the ignored codes; any other error ends the run.
     */
    public static Action afterFailedRollback(int code, String sqlState) {
        return SqlErrors.isConnectionLost(code, sqlState) ? Action.RECONNECT : Action.FAIL;
    }

    /** As {@link #afterFailedRollback(int, String)}, for a JDBC error (whose exception type may say the connection went). */
    public static Action afterFailedRollback(java.sql.SQLException e) {
        return SqlErrors.isConnectionLost(e) ? Action.RECONNECT : Action.FAIL;
    }

    @Override
    public String toString() {
        return all ? "all" : Arrays.toString(codes);
    }
}
