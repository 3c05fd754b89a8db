package benchkit.core.run;

import benchkit.core.run.plan.Defaults;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.core.run.plan.ClientThreads;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The run's settings as the user gave them, as JMH's {@code Options}: thread counts, slices, forks, limits and what the
 * run keeps. Made once, by the command line, the Java API or an experiment file ({@link #builder()}), and read by each
 * workload's {@link RunPlan} ({@link #plan}), which resolves what depends on the plan: the forks and slices of a run
 * until settled. What is not given starts at {@link Defaults}.
 *
 * @param forks        the forks given; empty: {@link Defaults#forks(int)}, or until settled when variants are compared
 * @param warmupGiven  whether the warmup slices were given (a run until settled has shorter ones by default)
 * @param measureGiven whether the measured slices were given
 * @param settleBudget the budget of a run until settled as given; zero: fixed forks; empty: the default for the plan
 * @see RunPlan for what each setting means
 */
public record RunOptions(List<Integer> threads, int warmupIterations, Duration warmupTime, boolean warmupGiven,
                         int measurementIterations, Duration measurementTime, boolean measureGiven, OptionalInt forks,
                         Duration reportInterval, long maxEvents, double rate, boolean failFast,
                         ClientThreads clientThreads, Duration stallLimit, boolean allowInvalid, boolean stackTraces,
                         boolean preparesData, boolean resultFiles, Optional<Duration> settleBudget) {
    public RunOptions {
        threads = List.copyOf(Objects.requireNonNull(threads, "threads"));
        Objects.requireNonNull(forks, "forks");
        Objects.requireNonNull(clientThreads, "clientThreads");
        Objects.requireNonNull(settleBudget, "settleBudget");
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The plan of {@code workload} over {@code variants} with these options, written to {@code outDir}: variants
     * compared run until settled within {@link Defaults#settleBudget()} unless forks, a budget or an event limit is
     * given; else {@link Defaults#forks(int)} for the number of variants. A workload whose own options fix the events
     * per client thread ({@code eventsPerThread} above 0, as memslap runs) measures one iteration of them,
     * with no warm-up.
     *
     * @throws IllegalArgumentException naming the first setting that is out of range
     */
    public RunPlan plan(String workload, Map<String, String> workloadOptions, long eventsPerThread, List<Variant> variants,
                        Path outDir) {
        if (eventsPerThread > 0 && maxEvents > 0) {
            throw new IllegalArgumentException("--events limits a trial, and " + workload + " runs " + eventsPerThread
                    + " events per thread by its own options: give one");
        }
        boolean byEvents = eventsPerThread > 0;
        boolean compared = variants != null && variants.size() > 1;
        Duration budget = settleBudget.orElse(compared && forks.isEmpty() && maxEvents == 0 && !byEvents
                ? Defaults.settleBudget() : Duration.ZERO);
        boolean settling = !budget.isZero() && !budget.isNegative();
        int f = forks.orElse(settling ? Defaults.MOST_FORKS : Defaults.forks(variants == null ? 0 : variants.size()));
        // a run until settled has its own short slices unless some were given
        boolean settleWarmup = settling && !warmupGiven;
        boolean settleMeasure = settling && !measureGiven;
        return new RunPlan(workload, workloadOptions, variants, threads,
                byEvents ? 0 : settleWarmup ? Defaults.WARMUP_ITERATIONS : warmupIterations,
                settleWarmup ? Duration.ofSeconds(Defaults.SETTLE_WARMUP_SECONDS) : warmupTime,
                byEvents ? 1 : settleMeasure ? Defaults.SETTLE_ITERATIONS : measurementIterations,
                byEvents ? Defaults.EVENTS_PER_THREAD_BOUND
                        : settleMeasure ? Duration.ofSeconds(Defaults.SETTLE_ITERATION_SECONDS) : measurementTime, f,
                reportInterval, outDir, maxEvents, eventsPerThread, rate, failFast, clientThreads, stallLimit,
                allowInvalid, stackTraces, preparesData, resultFiles, budget);
    }

    /** Names every setting, so that options read as what they are. */
    public static final class Builder {
        private List<Integer> threads = Defaults.threads();
        private int warmupIterations = Defaults.WARMUP_ITERATIONS;
        private Duration warmupTime = Defaults.warmupTime();
        private boolean warmupGiven;
        private int measurementIterations = Defaults.ITERATIONS;
        private Duration measurementTime = Defaults.iterationTime();
        private boolean measureGiven;
        private OptionalInt forks = OptionalInt.empty();
        private Duration reportInterval = Defaults.reportInterval();
        private long maxEvents;
        private double rate;
        private boolean failFast;
        private ClientThreads clientThreads = ClientThreads.AUTO;
        private Duration stallLimit = Defaults.stallLimit();
        private boolean allowInvalid;
        private boolean stackTraces;
        private boolean preparesData = true;
        private boolean resultFiles = true;
        private Optional<Duration> settleBudget = Optional.empty();

        private Builder() {
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
            this.forks = OptionalInt.of(count);
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

        /** A failure is printed with its cause's stack trace (--stacktrace). */
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
            this.settleBudget = Optional.of(budget);
            return this;
        }

        /** Let a run with invalid iterations succeed; they are still reported and left out of the scores. */
        public Builder allowInvalid(boolean allow) {
            this.allowInvalid = allow;
            return this;
        }

        public RunOptions build() {
            return new RunOptions(threads, warmupIterations, warmupTime, warmupGiven, measurementIterations,
                    measurementTime, measureGiven, forks, reportInterval, maxEvents, rate, failFast,
                    clientThreads, stallLimit, allowInvalid, stackTraces, preparesData, resultFiles, settleBudget);
        }

        /** These options' plan of {@code workload}, with no workload options of its own: see {@link RunOptions#plan}. */
        public RunPlan plan(String workload, List<Variant> variants, Path outDir) {
            return build().plan(workload, Map.of(), 0, variants, outDir);
        }
    }
}
