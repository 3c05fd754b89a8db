package benchkit.core.run.plan;

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

    /** File-system exceptions may carry only the path as message; their type then says what went wrong. */
    public static String ioMessage(java.io.IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() == null) {
            // the JDK leaves the reason out of these: name it as the system would
            String why = e instanceof java.nio.file.NoSuchFileException ? "no such file or directory"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "a file of that name is there"
                    : e instanceof java.nio.file.NotDirectoryException ? "not a directory"
                    : e.getClass().getSimpleName();
            return f.getFile() == null ? why : f.getFile() + ": " + why;
        }
        return describe(e);
    }
}
