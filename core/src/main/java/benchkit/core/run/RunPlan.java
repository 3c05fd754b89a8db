package benchkit.core.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything the {@link Runner} needs to know, validated up front so a bad value fails before
 * any server starts.
 *
 * @param reportInterval how often to print a progress line; zero = never
 * @param maxEvents stop a trial after this many OK events; 0 = no limit
 * @param eventsPerThread stop a trial after this many OK events per client thread (memslap's --execute-number, so
 *                  each thread count does its own share); 0 = no limit; not with {@code maxEvents}
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
    /**
     * A plan of {@code workload} over {@code variants}, written to {@code outDir}; everything else starts at
     * {@link Defaults}: variants compared run until settled within {@link Defaults#settleBudget()} unless forks, a
     * budget or an event limit is given; else {@link Defaults#forks(int)} for the number of variants.
     */
    public static Builder builder(String workload, List<Variant> variants, Path outDir) {
        Builder plan = new Builder(workload);
        plan.variants = variants;
        plan.outDir = outDir;
        return plan;
    }

    /** Names every setting, so a plan reads as what it is; {@link #build()} validates as the record does. */
    public static final class Builder {
        private final String workload;
        private List<Variant> variants;
        private Path outDir;
        private Map<String, String> workloadOptions = Map.of();
        private List<Integer> threads = Defaults.threads();
        private int warmupIterations = Defaults.WARMUP_ITERATIONS;
        private Duration warmupTime = Defaults.warmupTime();
        private int measurementIterations = Defaults.ITERATIONS;
        private Duration measurementTime = Defaults.iterationTime();
        private Integer forks;
        /** Whether warmup or measurement slices were given: a run until settled has shorter ones by default. */
        private boolean warmupGiven;
        private boolean measureGiven;
        private Duration reportInterval = Defaults.reportInterval();
        private long maxEvents;
        private long eventsPerThread;
        private double rate;
        private boolean failFast;
        private ClientThreads clientThreads = ClientThreads.AUTO;
        private Duration stallLimit = Defaults.stallLimit();
        private boolean allowInvalid;
        private boolean resultFiles = true;
        private boolean stackTraces;
        private boolean preparesData = true;
        /** Null until said: then variants compared with neither forks nor an event limit run until settled. */
        private Duration settleBudget;

        private Builder(String workload) {
            this.workload = workload;
        }

        /** The workload's options, already parsed and complete. */
        public Builder workloadOptions(Map<String, String> options) {
            this.workloadOptions = options;
            return this;
        }

        public Builder threads(List<Integer> counts) {
            this.threads = counts;
            return this;
        }

        public Builder threads(Integer... counts) {
            return threads(List.of(counts));
        }

        /** {@code iterations} warmup iterations of {@code each} (0 iterations: none). */
        public Builder warmup(int iterations, Duration each) {
            this.warmupIterations = iterations;
            this.warmupTime = each;
            this.warmupGiven = true;
            return this;
        }

        public Builder measure(int iterations, Duration each) {
            this.measurementIterations = iterations;
            this.measurementTime = each;
            this.measureGiven = true;
            return this;
        }

        public Builder forks(int count) {
            this.forks = count;
            return this;
        }

        /** How often a progress line is printed; zero: never. */
        public Builder reportInterval(Duration interval) {
            this.reportInterval = interval;
            return this;
        }

        /** Stop a trial after this many OK events; 0: no limit. */
        public Builder maxEvents(long events) {
            this.maxEvents = events;
            return this;
        }

        /** Stop a trial after this many OK events per client thread (memslap's --execute-number); 0: no limit. */
        public Builder eventsPerThread(long events) {
            this.eventsPerThread = events;
            return this;
        }

        /** Target events per second over all threads (open loop); 0: closed loop. */
        public Builder rate(double eventsPerSecond) {
            this.rate = eventsPerSecond;
            return this;
        }

        /** Whether the run prepares the workload's data that is not there (default: it does). */
        public Builder preparesData(boolean prepares) {
            this.preparesData = prepares;
            return this;
        }

        /** Whether the run writes its result files (default true); see {@link RunPlan#resultFiles()}. */
        public Builder resultFiles(boolean write) {
            this.resultFiles = write;
            return this;
        }

        /** Stop the whole run at the first failed variant (otherwise the next variant still runs). */
        public Builder failFast(boolean stop) {
            this.failFast = stop;
            return this;
        }

        public Builder clientThreads(ClientThreads kind) {
            this.clientThreads = kind;
            return this;
        }

        /** No event finished for this long (or bench held up this long) makes an iteration invalid; zero: no check. */
        public Builder stallLimit(Duration limit) {
            this.stallLimit = limit;
            return this;
        }

        /** Let a run with invalid iterations succeed; they are still reported and left out of the scores. */
        public Builder stackTraces(boolean show) {
            this.stackTraces = show;
            return this;
        }

        /**
         * Run forks until the comparisons of the primary score are settled or {@code budget} is spent, looking after
         * each fork from {@link Defaults#FIRST_LOOK} on; zero: a fixed number of forks. Unsaid, variants compared with
         * neither forks nor an event limit run until settled within {@link Defaults#settleBudget()}.
         */
        public Builder untilSettled(Duration budget) {
            this.settleBudget = budget;
            return this;
        }

        public Builder allowInvalid(boolean allow) {
            this.allowInvalid = allow;
            return this;
        }

        /** @throws IllegalArgumentException naming the first setting that is out of range */
        public RunPlan build() {
            boolean compared = variants != null && variants.size() > 1;
            Duration budget = settleBudget != null ? settleBudget
                    : compared && forks == null && maxEvents == 0 && eventsPerThread == 0 ? Defaults.settleBudget()
                    : Duration.ZERO;
            boolean settling = !budget.isZero() && !budget.isNegative();
            int f = forks != null ? forks : settling ? Defaults.MOST_FORKS
                    : Defaults.forks(variants == null ? 0 : variants.size());
            // a run until settled has its own short slices unless some were given (left as set, for another build)
            boolean settleWarmup = settling && !warmupGiven;
            boolean settleMeasure = settling && !measureGiven;
            return new RunPlan(workload, workloadOptions, variants, threads,
                    settleWarmup ? Defaults.WARMUP_ITERATIONS : warmupIterations,
                    settleWarmup ? Duration.ofSeconds(Defaults.SETTLE_WARMUP_SECONDS) : warmupTime,
                    settleMeasure ? Defaults.SETTLE_ITERATIONS : measurementIterations,
                    settleMeasure ? Duration.ofSeconds(Defaults.SETTLE_ITERATION_SECONDS) : measurementTime, f, reportInterval, outDir, maxEvents, eventsPerThread, rate,
                    failFast, clientThreads, stallLimit, allowInvalid, stackTraces, preparesData, resultFiles, budget);
        }
    }

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
            throw new IllegalArgumentException("warmup iterations must be >= 0, got " + warmupIterations);
        }
        if (measurementIterations < 1) {
            throw new IllegalArgumentException("measurement iterations must be >= 1, got " + measurementIterations);
        }
        if (warmupIterations > 0) {
            requirePositive("warmup time", warmupTime);
        } else if (warmupTime == null || warmupTime.isNegative()) {
            throw new IllegalArgumentException("warmup time must be >= 0, got " + warmupTime);
        }
        requirePositive("measurement time", measurementTime);
        if (reportInterval == null || reportInterval.isNegative()) {
            throw new IllegalArgumentException("report interval must be >= 0 (0 = off), got " + reportInterval);
        }
        if (forks < 1) {
            throw new IllegalArgumentException("forks must be >= 1, got " + forks);
        }
        if (maxEvents < 0) {
            throw new IllegalArgumentException("max events must be >= 0 (0 = unlimited), got " + maxEvents);
        }
        if (eventsPerThread < 0) {
            throw new IllegalArgumentException("events per thread must be >= 0 (0 = unlimited), got " + eventsPerThread);
        }
        if (maxEvents > 0 && eventsPerThread > 0) {
            throw new IllegalArgumentException("give an event limit per trial or per thread, not both");
        }
        if (stallLimit == null || stallLimit.isNegative()) {
            throw new IllegalArgumentException("stall limit must be >= 0 (0 = off), got " + stallLimit);
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

    /** The one check of client thread counts, for the command line and the Java API alike. */
    public static void requireThreadCounts(List<Integer> threads) {
        for (int t : threads) {
            if (t < 1 || t > Defaults.MOST_THREADS) {
                throw new IllegalArgumentException("--threads=" + t + " is not valid; expected thread counts from 1 to "
                        + Defaults.MOST_THREADS);
            }
        }
    }

    private static void requirePositive(String what, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be > 0, got " + d);
        }
    }

    /** True when the run adds forks until its comparisons are settled, within {@link #settleBudget}. */
    /** This plan with another settle budget (a share of a whole command's budget); never zero, which means fixed forks. */
    public RunPlan withSettleBudget(Duration budget) {
        Duration positive = budget.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : budget;
        return new RunPlan(workload, workloadOptions, variants, threads, warmupIterations, warmupTime,
                measurementIterations, measurementTime, forks, reportInterval, outDir, maxEvents, eventsPerThread, rate,
                failFast, clientThreads, stallLimit, allowInvalid, stackTraces, preparesData, resultFiles, positive);
    }

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
