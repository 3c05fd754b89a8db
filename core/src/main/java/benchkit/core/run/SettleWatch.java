package benchkit.core.run;

import benchkit.core.run.plan.Defaults;

import benchkit.core.run.plan.RunPlan;

import benchkit.core.run.console.RunConsole;

import benchkit.core.report.Compare;
import benchkit.core.report.Comparison;
import benchkit.core.result.VariantResult;
import benchkit.core.result.JmhResults;
import benchkit.core.result.RunDescription;
import benchkit.core.result.TrialRecord;
import benchkit.core.stats.SequentialDesign;
import benchkit.core.stats.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Decides, after each fork of a run until settled, whether another fork is needed: it judges every variant's
 * primary score against the baseline at each thread count, with the repeated intervals of a
 * {@link SequentialDesign}, and stops the run when all are settled (a difference beyond the minimum effect, or
 * the same within it), when the design's last look is reached, or when the budget has no room for another fork.
 * A thread count all of whose comparisons are settled is left out of later forks. The design's last look is fixed
 * after the fork before the first look, from the budget and that fork's duration (the time a fork takes, never
 * what it measured), so the looks' levels do not depend on the data.
 */
public final class SettleWatch {
    private final RunPlan plan;
    private final RunDescription description;
    private final Optional<String> baseline;
    private final Compare.Settings verdicts;
    private final RunConsole console;
    private final long started = System.nanoTime();
    private long forkStarted = started;
    private SequentialDesign design;
    private int forksRun;
    private List<String> open = List.of();
    /** Thread counts whose every comparison is settled: later forks leave them out. */
    private final SortedSet<Integer> settled = new TreeSet<>();

    SettleWatch(RunPlan plan, RunDescription description, Optional<String> baseline, Compare.Settings verdicts,
                RunConsole console) {
        this.plan = plan;
        this.description = description;
        this.baseline = baseline;
        this.verdicts = verdicts;
        this.console = console;
    }

    void forkStarts() {
        forkStarted = System.nanoTime();
    }

    /** The looks the run was judged with; empty when it stopped before the first look was planned. */
    Optional<SequentialDesign> design() {
        return Optional.ofNullable(design);
    }

    /** Forks that ran to their end. */
    int forksRun() {
        return forksRun;
    }

    /** The comparisons still open when the run stopped, e.g. {@code jemalloc vs glibc, 8 threads: inconclusive ...}. */
    List<String> open() {
        return open;
    }

    /** Whether forks from now on leave out this thread count: every comparison at it was settled at a look. */
    boolean settled(int threads) {
        return settled.contains(threads);
    }

    /** After fork {@code fork} (1-based) finished: true when the run should stop here. */
    boolean stopAfter(int fork, List<TrialRecord> trials) {
        forksRun = fork;
        Duration took = since(forkStarted);
        Duration elapsed = since(started);
        Duration budget = plan.settleBudget();
        if (design == null && fork >= Defaults.FIRST_LOOK - 1) {
            long fit = fork + Math.max(0, budget.minus(elapsed).toMillis()) / Math.max(1, took.toMillis());
            int most = (int) Math.min(plan.forks(), Math.max(fit, Defaults.FIRST_LOOK));
            design = new SequentialDesign(Defaults.FIRST_LOOK, most, Defaults.SPENDING);
            console.note("# Until settled: a fork takes " + RunConsole.duration(took) + "; the " + RunConsole.duration(budget) + " budget fits "
                    + fit + (fit == 1 ? " fork" : " forks") + "; looks after forks " + Defaults.FIRST_LOOK + " to " + most
                    + (fit < Defaults.FIRST_LOOK ? " (" + Defaults.FIRST_LOOK + ", the fewest that can settle anything,"
                    + " pass the budget)" : ""));
        }
        if (design == null || fork < design.firstLook()) {
            return false;
        }
        Judged judged = judge(trials);
        List<Open> stillOpen = judged.open();
        List<String> unsettled = stillOpen.stream().map(Open::line).toList();
        open = unsettled;
        String when = "after fork " + fork + " (" + RunConsole.duration(elapsed) + " of " + RunConsole.duration(budget) + ")";
        if (unsettled.isEmpty()) {
            console.note("# Settled " + when + ": every comparison of the primary score has its verdict; stopping");
            return true;
        }
        String openLine = unsettled.size() + " open: " + unsettled.get(0) + (unsettled.size() > 1 ? "; ..." : "")
                + newlySettled(judged);
        if (fork >= design.maxForks()) {
            console.note("# Look " + when + ", the last: " + openLine);
            return true;
        }
        // the next fork runs the thread counts the last one ran, or fewer
        if (elapsed.plus(took).compareTo(budget) > 0) {
            console.note("# Look " + when + ": no room in the budget for another fork (~" + RunConsole.duration(took) + "); "
                    + openLine);
            return true;
        }
        console.note("# Look " + when + ": " + openLine + "; one more fork");
        return false;
    }

    /**
     * Marks the thread counts none of whose comparisons is open as settled, so that later forks spend their time on
     * the open ones (each comparison's interval is then judged at the look where it stopped, from its own forks);
     * says which were newly settled, e.g. {@code ; 8 threads settled, left out of later forks}.
     */
    private String newlySettled(Judged judged) {
        if (judged.open().stream().anyMatch(o -> o.threads().isEmpty())) {
            return "";
        }
        List<Integer> now = plan.threads().stream().filter(t -> !settled.contains(t) && judged.threads().contains(t))
                .filter(t -> judged.open().stream().noneMatch(o -> o.threads().getAsInt() == t)).toList();
        settled.addAll(now);
        return now.isEmpty() ? "" : "; " + (now.size() == 1 ? threads(now.get(0))
                : now.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " threads")
                + " settled, left out of later forks";
    }

    private static String threads(int n) {
        return n + (n == 1 ? " thread" : " threads");
    }

    /** A comparison still open, at a thread count (empty when nothing could be judged yet). */
    private record Open(OptionalInt threads, String line) {
    }

    /** A look's outcome: the comparisons still open, and the thread counts that had a comparison to judge. */
    private record Judged(List<Open> open, Set<Integer> threads) {
    }

    /** The primary score's comparisons whose verdict is still inconclusive, judged with this design's intervals. */
    private Judged judge(List<TrialRecord> trials) {
        List<VariantResult> results = JmhResults.results(JmhResults.build(description, trials));
        List<Comparison> comparisons;
        try {
            comparisons = Compare.againstBaseline(results, baseline, verdicts.withSequential(design));
        } catch (IllegalArgumentException e) {
            return new Judged(List.of(new Open(OptionalInt.empty(), "cannot judge yet: " + e.getMessage())), Set.of());
        }
        List<Open> lines = new ArrayList<>();
        Set<Integer> threads = new TreeSet<>();
        for (Comparison c : comparisons) {
            for (Comparison.Row row : c.rows()) {
                if (!row.metric().equals(VariantResult.PRIMARY)) {
                    continue;
                }
                threads.add(row.threads());
                if (row.verdict() == Verdict.INCONCLUSIVE) {
                    lines.add(new Open(OptionalInt.of(row.threads()), c.candidate() + " vs " + c.baseline() + ", "
                            + threads(row.threads()) + ": " + row.judgement().verdict().word() + " " + row.judgement().magnitude()));
                }
            }
        }
        if (threads.isEmpty()) {
            lines.add(new Open(OptionalInt.empty(), "no comparison of the primary score yet"));
        }
        return new Judged(lines, threads);
    }

    private static Duration since(long nanoTime) {
        return Duration.ofNanos(System.nanoTime() - nanoTime);
    }
}
