package benchkit.core.run;

/** Ends a run; its message is one line naming what failed and where. */
public final class RunFailure extends Exception {
    public RunFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /** The whole message, continuation lines (e.g. a server's log tail) indented under the first. */
    public static String describeWithDetails(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return m.strip().replace("\n", "\n    ");
    }

    /** The first line of a throwable's message, or its class name when it has none. */
    public static String describe(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        String first = m.strip().lines().findFirst().orElse("");
        return first;
    }
}
