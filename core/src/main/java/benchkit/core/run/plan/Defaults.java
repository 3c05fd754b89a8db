package benchkit.core.run.plan;

import benchkit.core.stats.SequentialDesign;

import java.time.Duration;
import java.util.List;

/**
 * The defaults of a run, in one place for the command line, experiment files and the Java API (as
 * JMH's {@code Defaults}). The int constants are compile-time constants so that picocli's
 * {@code defaultValue} can name them. docs/statistics.md says why these values: a comparison runs until
 * settled within 6 minutes, in forks of a 2 s warmup and 3 x 2 s per variant.
 */
public final class Defaults {
    public static final int THREADS = 8;
    /** The most client threads (sessions) a trial may have. */
    public static final int MOST_THREADS = 100_000;
    public static final int WARMUP_ITERATIONS = 1;
    public static final int WARMUP_SECONDS = 5;
    public static final int ITERATIONS = 4;
    public static final int ITERATION_SECONDS = 5;
    /**
     * The shortest measurement iteration (--time): the collectors sample the server's CPU and memory once a second,
     * and CPU time counts in 10-ms clock ticks, so a shorter iteration stores a server CPU it never measured (0.00 over
     * a 0.1-s iteration) and a rate from a handful of events.
     */
    public static final int MIN_ITERATION_SECONDS = 1;
    /** Forks of a run that measures one variant. */
    public static final int FORKS = 1;
    /**
     * Forks when variants are compared with a fixed design (--budget off, or a design that cannot stop early): the
     * interval of an effect rests on forks (fresh servers), and with the t interval's few degrees of freedom below 5
     * it is wide. By default comparisons run until settled instead ({@link #SETTLE_BUDGET_MINUTES}).
     */
    public static final int COMPARISON_FORKS = 5;
    public static final int REPORT_INTERVAL_SECONDS = 5;
    /**
     * The one iteration of a workload that fixes its events per thread (as memslap runs) ends when they
     * are done; a day is only its bound.
     */
    public static final java.time.Duration EVENTS_PER_THREAD_BOUND = java.time.Duration.ofHours(24);
    /**
     * A run until settled first looks at its comparisons after this many forks: with fewer, the fork-level t
     * interval has one degree of freedom and the first look's strict level could not settle anything.
     */
    public static final int FIRST_LOOK = 3;
    /**
     * How a run until settled spends its 5% over the looks: Hwang-Shih-DeCani with gamma -4 (gsDesign's default).
     * Re-judging the same runs, it ended the A/A runs as narrow as O'Brien-Fleming-type spending and settled a 2x
     * effect two forks sooner (docs/statistics.md, "Which spending function").
     */
    public static final SequentialDesign.Spending SPENDING = new SequentialDesign.Spending.HwangShihDeCani(-4);
    /** The most forks of a run until settled unless --forks says otherwise; its budget ends it long before. */
    public static final int MOST_FORKS = 50;
    /**
     * The slices of a run until settled when none are given: a warmup of this many seconds, then
     * {@link #SETTLE_ITERATIONS} of {@link #SETTLE_ITERATION_SECONDS}. Short forks give early and many looks, and
     * at the same wall clock they reached narrower intervals than 4 x 5 s here (docs/statistics.md, "Slices and
     * forks at the same wall clock").
     */
    public static final int SETTLE_WARMUP_SECONDS = 2;
    public static final int SETTLE_ITERATIONS = 3;
    public static final int SETTLE_ITERATION_SECONDS = 2;
    /**
     * The budget of a run until settled (--budget), in minutes; comparisons run until settled by default. In 6 minutes
     * two identical variants ended at ±2.0-3.6% where 5 fixed forks (4 min 20 s) gave ±0.5-5.3%, and a 2x effect
     * was called after 1 min 40 s (docs/statistics.md, "Until settled by default").
     */
    public static final int SETTLE_BUDGET_MINUTES = 6;
    /**
     * No event finishing for this long while the load runs makes an iteration invalid (a stalled server), as does
     * bench's control thread running this late or an iteration overrunning its slot by this much. Events of the
     * built-in workloads finish within milliseconds even at thousands of threads on two cores; a workload whose
     * single events take seconds needs a longer limit. docs/usage.md says why.
     */
    public static final int STALL_LIMIT_SECONDS = 2;

    private Defaults() {
    }

    /** The budget of a run until settled when none is given. */
    public static Duration settleBudget() {
        return Duration.ofMinutes(SETTLE_BUDGET_MINUTES);
    }

    /** {@link #FORKS}, or {@link #COMPARISON_FORKS} when {@code variants} are compared with a fixed design. */
    public static int forks(int variants) {
        return variants > 1 ? COMPARISON_FORKS : FORKS;
    }

    public static List<Integer> threads() {
        return List.of(THREADS);
    }

    public static Duration warmupTime() {
        return Duration.ofSeconds(WARMUP_SECONDS);
    }

    public static Duration iterationTime() {
        return Duration.ofSeconds(ITERATION_SECONDS);
    }

    public static Duration stallLimit() {
        return Duration.ofSeconds(STALL_LIMIT_SECONDS);
    }

    public static Duration reportInterval() {
        return Duration.ofSeconds(REPORT_INTERVAL_SECONDS);
    }
}
