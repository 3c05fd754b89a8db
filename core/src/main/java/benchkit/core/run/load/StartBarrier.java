package benchkit.core.run.load;

import benchkit.core.run.plan.RunFailure;
import benchkit.core.run.plan.WorkerRole;

import benchkit.launch.Rendezvous;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Where the workers of a run start each trial's load at one moment. Each worker marks its arrival at a point in
 * a {@link Rendezvous} (the target server), waits until all N have arrived, and the first to see them all proposes
 * a start {@value #LEAD_MILLIS} ms ahead on its clock; every worker then starts at that instant. The workers'
 * clocks must agree (one host, or hosts kept in step by NTP, typically within a few ms): the workers' iterations
 * then cover the same seconds, and the merged throughput is their sum. A worker that does not arrive within the
 * timeout is named and the waiting ones fail, rather than measure a total that lacks it.
 */
public final class StartBarrier {
    /** Time for every worker to read the start before it comes. */
    static final long LEAD_MILLIS = 1000;
    private static final long POLL_MILLIS = 50;

    private final Rendezvous store;
    private final WorkerRole role;
    private final Duration timeout;
    private final Consumer<String> print;
    /** Whether this worker stopped because another did (then it has nothing of its own to tell them). */
    private boolean othersStopped;
    private boolean first = true;
    /** The points this worker met the others at, whose keys the last worker to be done removes. */
    private final java.util.Set<String> points = new java.util.LinkedHashSet<>();

    public StartBarrier(Rendezvous store, WorkerRole role, Duration timeout, Consumer<String> print) {
        this.store = store;
        this.role = role;
        this.timeout = timeout;
        this.print = print;
    }

    public WorkerRole role() {
        return role;
    }

    /**
     * Arrives at {@code point} (e.g. {@code t4-f1}) and returns at the agreed start (epoch ms, which it returns).
     *
     * @throws RunFailure when a worker does not arrive in time, or the rendezvous cannot be reached
     */
    public long await(String point, String what) throws RunFailure, InterruptedException {
        try {
            if (first && !store.getAll(List.of(key(point, "arrived-" + role.index()))).isEmpty()) {
                throw new RunFailure("the run id " + role.runId() + " was used by an earlier run (its start barrier is still in "
                        + "the target); give every run a new --run-id", null);
            }
            first = false;
            points.add(point);
            store.put(key(point, "arrived-" + role.index()), String.valueOf(System.currentTimeMillis()));
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < role.count(); i++) {
                keys.add(key(point, "arrived-" + i));
            }
            List<String> polled = new ArrayList<>(keys);
            for (int i = 0; i < role.count(); i++) {
                polled.add(failedKey(i));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                Map<String, String> arrived = store.getAll(polled);
                for (int i = 0; i < role.count(); i++) {
                    if (i != role.index() && arrived.containsKey(failedKey(i))) {
                        othersStopped = true;
                        throw new RunFailure("worker " + i + " of " + role.count() + " stopped (" + arrived.get(failedKey(i))
                                + "), so " + what + " cannot start with all workers", null);
                    }
                }
                arrived.keySet().retainAll(keys);
                if (arrived.size() == role.count()) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    TreeSet<Integer> missing = new TreeSet<>();
                    TreeSet<Integer> present = new TreeSet<>();
                    for (int i = 0; i < role.count(); i++) {
                        (arrived.containsKey(keys.get(i)) ? present : missing).add(i);
                    }
                    // the option and the wait named: a prepare longer than it read as a lost worker (sweep 7, case 76)
                    throw new RunFailure((missing.size() == 1 ? "worker " : "workers ") + join(missing) + " of " + role.count()
                            + " did not reach the start of " + what + " within " + seconds(timeout) + " s, the --barrier-timeout "
                            + "(run " + role.runId() + "; arrived: " + join(present) + "): if it was still preparing the data or"
                            + " starting, give a longer --barrier-timeout", null);
                }
                TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            }
            long start = Long.parseLong(store.putIfAbsent(key(point, "start"),
                    String.valueOf(System.currentTimeMillis() + LEAD_MILLIS)));
            long wait = start - System.currentTimeMillis();
            if (wait > 0) {
                TimeUnit.MILLISECONDS.sleep(wait);
            } else if (wait < -LEAD_MILLIS) {
                print.accept("# Start barrier: this worker reached the agreed start of " + what + " " + -wait
                        + " ms late; are the workers' clocks in step?");
            }
            return start;
        } catch (IOException | NumberFormatException e) {
            throw new RunFailure("the workers' start barrier at " + what + " failed: " + RunFailure.describe(e), e);
        }
    }

    /**
     * Tells the other workers that this one stopped (its run failed), so that they stop at their next start
     * instead of waiting out the timeout. Best effort: a worker that cannot say so is still missed by the timeout.
     */
    public void abandon(String why) {
        if (othersStopped) {
            return;
        }
        try {
            store.put(failedKey(role.index()), oneLine(why));
        } catch (IOException | RuntimeException e) {
            print.accept("# Could not tell the other workers that this one stopped: " + RunFailure.describe(e));
        }
    }

    /**
     * Tells the workers of run {@code runId} that worker {@code index} ended ({@code how}, e.g. killed by SIGKILL) without
     * saying so itself: they stop at the start they wait at instead of waiting out the --barrier-timeout for it (sweep 9,
     * case 37: 300 s, then the wrong cause). A reason the worker gave itself is kept.
     */
    public static void ended(Rendezvous store, String runId, int index, String how) throws IOException {
        store.putIfAbsent(failedKey(runId, index), oneLine(how));
    }

    /**
     * Every key of run {@code runId}, once all its workers have ended: a worker killed before its end left its own and
     * the others' (the last to leave removes them), and the SQL table with them stayed in the user's database (sweep 10,
     * case 42).
     */
    public static void forget(Rendezvous store, String runId) throws IOException {
        store.removeStartingWith("benchkit-barrier/" + runId + "/");
    }

    /** One line, and as many bytes as chars: the SQL rendezvous holds 64. */
    private static String oneLine(String why) {
        String ascii = why.replaceAll("[^\\x20-\\x7e]", "?");
        return ascii.length() > 60 ? ascii.substring(0, 57) + "..." : ascii;
    }

    /**
     * This worker is done with {@code name} (the run's workload): the last of the N to be done removes the keys they met
     * at, and with them the SQL table when no other run's are left (sweep 7, case 44: {@code benchkit_rendezvous} stayed
     * in the user's database). Workers still running keep theirs; a worker killed before its end leaves them. Best effort.
     */
    public void leave(String name) {
        try {
            List<String> done = new ArrayList<>();
            for (int i = 0; i < role.count(); i++) {
                done.add(key(name, "done-" + i));
            }
            store.put(done.get(role.index()), "1");
            if (store.getAll(done).size() < role.count()) {
                return;         // another is still running: the last one removes them
            }
            List<String> keys = new ArrayList<>(done);
            for (int i = 0; i < role.count(); i++) {
                for (String point : points) {
                    keys.add(key(point, "arrived-" + i));
                }
                keys.add(failedKey(i));
            }
            points.forEach(point -> keys.add(key(point, "start")));
            store.removeAll(keys);
        } catch (IOException | RuntimeException e) {
            print.accept("# Could not remove the workers' start barrier from the target (it disturbs no later run): "
                    + RunFailure.describe(e));
        }
    }

    /** 1, 0.3 or 300: the timeout as given, not rounded down to 0. */
    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private String failedKey(int worker) {
        return failedKey(role.runId(), worker);
    }

    private static String failedKey(String runId, int worker) {
        return "benchkit-barrier/" + runId + "/failed-" + worker;
    }

    private String key(String point, String name) {
        return "benchkit-barrier/" + role.runId() + "/" + point + "/" + name;
    }

    private static String join(TreeSet<Integer> workers) {
        return workers.isEmpty() ? "none" : String.join(", ", workers.stream().map(String::valueOf).toList());
    }
}
