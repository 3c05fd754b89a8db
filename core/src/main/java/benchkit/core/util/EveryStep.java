package benchkit.core.util;

/**
 * Runs a step for every item even when some fail, then throws the first failure with the later ones suppressed: how
 * bench closes what it opened (sessions, teardown hooks), so that one failure leaves nothing else open.
 */
public final class EveryStep {
    /** A step that may fail. */
    @FunctionalInterface
    public interface Step<T, X extends Exception> {
        void run(T item) throws X;
    }

    private EveryStep() {
    }

    public static <T, X extends Exception> void forEach(Iterable<? extends T> items, Step<? super T, X> step) throws X {
        X first = null;
        for (T item : items) {
            try {
                step.run(item);
            } catch (Exception e) {
                @SuppressWarnings("unchecked") // step throws only X or an unchecked exception
                X failure = (X) e;
                if (first == null) {
                    first = failure;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
