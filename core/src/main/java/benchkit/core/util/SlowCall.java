package benchkit.core.util;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A call into a workload's own code that may never return (a script's thread_init, thread_done or done() in a loop), made
 * on a daemon thread of its own while the calling thread waits interruptibly: the wait is said while it lasts, and Ctrl-C
 * or SIGTERM (which interrupt the waiting thread) ends it at once, leaving the call behind (sweep 6, case 59; sweep 8,
 * case 36: a hung thread_done() or done() held the run in silence, and a signal for 60 s).
 *
 * @param <T> what the call returns
 */
public final class SlowCall<T> {
    /** What is said of a call that has not returned: of its {@code step} (from 1), after {@code seconds}. */
    @FunctionalInterface
    public interface Note {
        String after(int step, long seconds);
    }

    /** How long a call may go without returning before it is said (again as the wait doubles): bench's one pace for it. */
    public static final Duration SAY_EVERY = Duration.ofSeconds(10);

    private final CompletableFuture<T> result = new CompletableFuture<>();
    private final String threadName;
    private volatile Thread thread;
    /** The step the call is at, from 1, and since when (nanoTime); read by the waiting thread for its note. */
    private volatile int step = 1;
    private volatile long stepSince = System.nanoTime();
    /** Set when the waiting thread gave up (it was interrupted, or its time ran out). */
    private volatile boolean abandoned;

    public SlowCall(String threadName) {
        this.threadName = threadName;
    }

    /** Called by the call as it moves on to its step {@code n} (the next session, from 1): the notes count from now. */
    public void step(int n) {
        stepSince = System.nanoTime();
        step = n;
    }

    /** Whether the waiting thread gave up on the call: what the call makes after that, it must undo itself. */
    public boolean abandoned() {
        return abandoned;
    }

    /** Starts {@code call} on its thread; a daemon, so a call that never returns does not keep the JVM from exiting. */
    public SlowCall<T> start(Callable<T> call) {
        stepSince = System.nanoTime();
        Thread t = new Thread(() -> {
            try {
                result.complete(call.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
        thread = t;
        return this;
    }

    /**
     * Waits for the call and returns what it did, or throws what it threw. While one step has not returned after
     * {@code sayEvery}, {@code slow} is told {@code note}'s words, again each time that wait doubles (10 s, 20 s, 40 s:
     * a stuck call is not a stream of lines). Interrupted, the call is left behind.
     */
    public T await(Duration sayEvery, Note note, Consumer<String> slow) throws Exception {
        int saidOf = 0;
        long sayAfter = sayEvery.toNanos();
        while (true) {
            try {
                return result.get(Math.max(1, sayEvery.toNanos() / 10), TimeUnit.NANOSECONDS);
            } catch (TimeoutException stillRunning) {
                int at = step;
                long waited = System.nanoTime() - stepSince;
                if (at != saidOf) {
                    sayAfter = sayEvery.toNanos();
                }
                if (waited < sayAfter) {
                    continue;   // many steps, or this one said already: nothing new to say
                }
                saidOf = at;
                sayAfter = 2 * sayAfter;
                slow.accept(note.after(at, TimeUnit.NANOSECONDS.toSeconds(waited)));
            } catch (InterruptedException e) {
                abandon();
                throw e;
            } catch (ExecutionException e) {
                throw thrown(e);
            }
        }
    }

    /**
     * Waits for the call {@code wait} at the most, for a run that is stopping: true when it returned (what it threw is
     * thrown), false when it is left behind. Interrupted again, it waits no longer.
     */
    public boolean awaitAtMost(Duration wait) throws Exception {
        try {
            result.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | InterruptedException stillRunning) {
            abandon();
            return false;
        } catch (ExecutionException e) {
            throw thrown(e);
        }
    }

    /** Gives up on the call, and interrupts it: a call that waits (a connect) may then return. */
    private void abandon() {
        abandoned = true;
        thread.interrupt();
    }

    private static Exception thrown(ExecutionException e) {
        if (e.getCause() instanceof Exception failed) {
            return failed;
        }
        throw (Error) e.getCause();
    }
}
