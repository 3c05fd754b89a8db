package benchkit.sysbench.console;

import benchkit.core.run.plan.RunPlan;

import java.util.ArrayList;
import java.util.List;

/**
 * sysbench 1.0.20's lines before its threads start ({@code print_run_mode} in its {@code sysbench.c}): the options the
 * run goes with, then "Initializing worker threads...". Printed by the sysbench console at each trial's start, and by a
 * sysbench line whose server cannot be reached (sysbench prints them before it connects).
 */
public final class SysbenchHeader {
    private SysbenchHeader() {
    }

    /** The lines for a trial of {@code plan} with {@code threads}, its report checkpoints {@code checkpoints}. */
    public static List<String> lines(RunPlan plan, int threads, List<Integer> checkpoints) {
        return lines(threads, plan.rate(), plan.reportInterval(), checkpoints,
                plan.workloadOptions().getOrDefault("rand-seed", "0"));
    }

    /** The lines for {@code threads} with sysbench's --rate, --report-interval, --report-checkpoints and --rand-seed. */
    public static List<String> lines(int threads, double rate, java.time.Duration reportInterval, List<Integer> checkpoints,
                                     String seed) {
        List<String> lines = new ArrayList<>();
        lines.add("Running the test with following options:");
        lines.add("Number of threads: " + threads);
        if (rate > 0) {
            lines.add("Target transaction rate: " + Math.round(rate) + "/sec");
        }
        if (!reportInterval.isZero()) {
            double seconds = reportInterval.toNanos() / 1e9;
            // whole seconds as sysbench's %d prints its unsigned int: 4294967295 (a line's -1) is -1
            lines.add("Report intermediate results every " + (seconds == Math.rint(seconds)
                    ? String.valueOf((int) (long) seconds) : String.valueOf(seconds)) + " second(s)");
        }
        if (!checkpoints.isEmpty()) {
            lines.add("Report checkpoint(s) at " + String.join(", ", checkpoints.stream().map(String::valueOf).toList())
                    + " seconds");
        }
        lines.add(seed.strip().equals("0") ? "Initializing random number generator from current time"
                : "Initializing random number generator from seed (" + seed.strip() + ").");
        lines.add("");
        lines.add("");
        lines.add("Initializing worker threads...");
        lines.add("");
        return lines;
    }
}
