package benchkit.core.run.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything the {@link Runner} needs to know of one workload's run: its {@link RunOptions} resolved for its variants,
 * validated up front so a bad value fails before any server starts.
 *
 * @param reportInterval how often to print a progress line; zero = never
 * @param maxEvents stop a trial after this many OK events; 0 = no limit
 * @param eventsPerThread stop a trial after this many OK events per client thread
 *                  ({@link benchkit.spi.Workload#eventsPerThread()}, so each thread count does its own share);
 *                  0 = no limit; not with {@code maxEvents}
 * @param rate      target events per second over all threads (open loop); 0 = closed loop
 * @param failFast  stop the whole run at the first failed variant (otherwise the next variant still runs)
 * @param stallLimit an iteration with no event finished for this long, or held up this long, is invalid
 *                  ({@link StallWatch}); zero turns the check off
 * @param allowInvalid a run with invalid iterations still succeeds (they are reported and left out of the scores)
 * @param stackTraces a failure is printed with its cause's stack trace (--stacktrace: where a plugin's code failed)
 * @param preparesData the run prepares the workload's data where {@code isPrepared} says it is not there (a sysbench
 *                  line's run does not, as sysbench's never does: it runs on the tables as they are)
 * @param resultFiles the run writes its result files (jmh-result.json, results.csv, run.json, report.html) beside its
 *                  journal; without them it prints its results and keeps nothing (a sysbench line that asked for none)
 * @param clientThreads what runs the sessions: platform or virtual threads (or the measured default)
 * @param settleBudget run forks until every comparison of the primary score is settled, within this wall-clock time
 *                  ({@link SettleWatch}); {@code forks} is then the most forks; zero: exactly {@code forks} forks
 */
public record RunPlan(String workload, Map<String, String> workloadOptions, List<Variant> variants,
                      List<Integer> threads, int warmupIterations, Duration warmupTime,
                      int measurementIterations, Duration measurementTime, int forks,
                      Duration reportInterval, Path outDir, long maxEvents, long eventsPerThread, double rate,
                      boolean failFast, ClientThreads clientThreads, Duration stallLimit, boolean allowInvalid,
                      boolean stackTraces, boolean preparesData, boolean resultFiles, Duration settleBudget) {
    public RunPlan {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(outDir, "outDir");
        Objects.requireNonNull(clientThreads, "clientThreads");
        workloadOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(
                workloadOptions == null ? Map.of() : workloadOptions));
        variants = List.copyOf(Objects.requireNonNull(variants, "variants"));
        threads = List.copyOf(Objects.requireNonNull(threads, "threads"));
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("at least one variant is required");
        }
        Set<String> labels = new HashSet<>();
        for (Variant v : variants) {
            if (!labels.add(v.label())) {
                throw new IllegalArgumentException("variant '" + v.label() + "' is given twice");
            }
        }
        if (threads.isEmpty()) {
            throw new IllegalArgumentException("at least one thread count is required");
        }
        requireThreadCounts(threads);
        if (new HashSet<>(threads).size() != threads.size()) {
            throw new IllegalArgumentException("thread counts must not repeat: " + threads);
        }
        if (warmupIterations < 0) {
            throw new IllegalArgumentException("warmup iterations (--warmup-iterations) must be >= 0, got " + warmupIterations);
        }
        if (measurementIterations < 1) {
            throw new IllegalArgumentException("measurement iterations (--iterations) must be >= 1, got " + measurementIterations);
        }
        if (warmupIterations > 0) {
            requirePositive("warmup time (--warmup-time)", warmupTime);
        } else if (warmupTime == null || warmupTime.isNegative()) {
            throw new IllegalArgumentException("warmup time (--warmup-time) must be 0 s or more, got " + seconds(warmupTime));
        }
        requirePositive("measurement time (--time)", measurementTime);
        if (reportInterval == null || reportInterval.isNegative()) {
            throw new IllegalArgumentException("report interval (--report-interval) must be >= 0 (0 = off), got " + reportInterval);
        }
        if (forks < 1) {
            throw new IllegalArgumentException("forks (--forks) must be >= 1, got " + forks);
        }
        if (maxEvents < 0) {
            throw new IllegalArgumentException("max events (--events) must be >= 0 (0 = unlimited), got " + maxEvents);
        }
        if (eventsPerThread < 0) {
            throw new IllegalArgumentException("events per thread must be >= 0 (0 = unlimited), got " + eventsPerThread);
        }
        if (maxEvents > 0 && eventsPerThread > 0) {
            throw new IllegalArgumentException("give an event limit per trial or per thread, not both");
        }
        if (stallLimit == null || stallLimit.isNegative()) {
            throw new IllegalArgumentException("stall limit (--stall-limit) must be >= 0 (0 = off), got " + stallLimit);
        }
        if (settleBudget == null || settleBudget.isNegative()) {
            throw new IllegalArgumentException("the budget must be > 0, got " + settleBudget);
        }
        boolean settling = !settleBudget.isZero();
        if (settling && variants.size() < 2) {
            throw new IllegalArgumentException("running until settled needs two or more variants to compare");
        }
        if (settling && forks < Defaults.FIRST_LOOK) {
            throw new IllegalArgumentException("running until settled needs at least " + Defaults.FIRST_LOOK
                    + " forks (its first look), got --forks " + forks);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be >= 0 events/s (0 = unlimited), got " + rate);
        }
    }

    /** The thread counts --threads takes, as its refusals say them. */
    public static final String THREAD_COUNTS = "thread counts from 1 to " + Defaults.MOST_THREADS;

    /** The one check of client thread counts, for the command line and the Java API alike. */
    public static void requireThreadCounts(List<Integer> threads) {
        for (int t : threads) {
            if (t < 1 || t > Defaults.MOST_THREADS) {
                throw new IllegalArgumentException("--threads=" + t + " is not valid; expected " + THREAD_COUNTS);
            }
        }
    }

    private static void requirePositive(String what, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be more than 0 s, got " + seconds(d));
        }
    }

    /** A duration as the command line gives it ({@code 0.5 s}), not as Java prints one ({@code PT0.5S}). */
    private static String seconds(Duration d) {
        return d == null ? "none" : new java.math.BigDecimal(d.toNanos()).movePointLeft(9).stripTrailingZeros()
                .toPlainString() + " s";
    }

    /** This plan with another settle budget (a share of a whole command's budget); never zero, which means fixed forks. */
    public RunPlan withSettleBudget(Duration budget) {
        Duration positive = budget.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : budget;
        return new RunPlan(workload, workloadOptions, variants, threads, warmupIterations, warmupTime,
                measurementIterations, measurementTime, forks, reportInterval, outDir, maxEvents, eventsPerThread, rate,
                failFast, clientThreads, stallLimit, allowInvalid, stackTraces, preparesData, resultFiles, positive);
    }

    /** True when the run adds forks until its comparisons are settled, within {@link #settleBudget}. */
    public boolean untilSettled() {
        return (!settleBudget.isZero() && !settleBudget.isNegative());
    }

    /** The events after which a trial of {@code threadCount} threads ends; 0 for none. */
    public long eventLimit(int threadCount) {
        return maxEvents > 0 ? maxEvents : Math.multiplyExact(eventsPerThread, (long) threadCount);
    }

    /** The largest thread count, which the prepare step may use. */
    public int maxThreads() {
        return threads.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** The variants in the order fork {@code fork} (1-based) runs them: rotated so drift favours none. */
    public List<Variant> variantOrder(int fork) {
        int n = variants.size();
        int shift = (fork - 1) % n;
        java.util.List<Variant> order = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            order.add(variants.get((i + shift) % n));
        }
        return order;
    }
}
