package benchkit.cli;

/** Bad input found after parsing (e.g. conflicting options); printed as one line, exit code 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
