package benchkit.core.run;

import benchkit.core.report.HtmlReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;

/**
 * How a run until settled ended: the forks it took and the comparisons still open, as run.json and the report's
 * note under the effects give them.
 *
 * @param forks how many forks ran ("7"), or their range over several workloads ("5-7")
 * @param open  each comparison not settled when the run stopped, in the words of the console's line
 */
public record SettleOutcome(String forks, List<String> open) {
    public SettleOutcome {
        open = List.copyOf(open);
    }

    static SettleOutcome of(int forks, List<String> open) {
        return new SettleOutcome(String.valueOf(forks), open);
    }

    /** Several workloads' outcomes as one: the range of their forks, and what was open in each, named by workload. */
    public static SettleOutcome across(Map<String, SettleOutcome> byWorkload) {
        IntSummaryStatistics forks = byWorkload.values().stream()
                .flatMapToInt(o -> java.util.Arrays.stream(o.forks.split("-")).mapToInt(Integer::parseInt))
                .summaryStatistics();
        List<String> open = new ArrayList<>();
        byWorkload.forEach((workload, o) -> o.open.forEach(line -> open.add(workload + ": " + line)));
        return new SettleOutcome(forks.getMin() == forks.getMax() ? String.valueOf(forks.getMin())
                : forks.getMin() + "-" + forks.getMax(), open);
    }

    /** The run settings that say it: "forks", and "within 10 min; settled" or "within 10 min; open: ...". */
    public Map<String, String> settings(Duration budget) {
        return Map.of("forks", forks, HtmlReport.UNTIL_SETTLED, "within " + SettleWatch.words(budget)
                + (open.isEmpty() ? "; settled" : "; open: " + String.join("; ", open)));
    }
}
