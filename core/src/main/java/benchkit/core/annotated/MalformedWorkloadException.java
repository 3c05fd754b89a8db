package benchkit.core.annotated;

/** An annotated workload class breaks a rule of {@code benchkit.spi.annotations}; the message is one line. */
public final class MalformedWorkloadException extends IllegalArgumentException {
    public MalformedWorkloadException(String message) {
        super(message);
    }
}
