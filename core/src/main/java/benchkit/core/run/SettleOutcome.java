package benchkit.core.run;

import benchkit.core.run.console.RunConsole;

import benchkit.core.result.RunInfo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a run until settled ended: the forks it took and the comparisons still open, as run.json and the report's
 * note under the effects give them.
 *
 * @param fewestForks the forks run, or the fewest any of several workloads ran
 * @param mostForks   the forks run, or the most any of several workloads ran
 * @param open        each comparison not settled when the run stopped, in the words of the console's line
 */
public record SettleOutcome(int fewestForks, int mostForks, List<String> open) {
    public SettleOutcome {
        open = List.copyOf(open);
    }

    static SettleOutcome of(int forks, List<String> open) {
        return new SettleOutcome(forks, forks, open);
    }

    /** Several workloads' outcomes as one: the range of their forks, and what was open in each, named by workload. */
    public static SettleOutcome across(Map<String, SettleOutcome> byWorkload) {
        List<String> open = new ArrayList<>();
        byWorkload.forEach((workload, o) -> o.open.forEach(line -> open.add(workload + ": " + line)));
        return new SettleOutcome(byWorkload.values().stream().mapToInt(SettleOutcome::fewestForks).min().orElse(0),
                byWorkload.values().stream().mapToInt(SettleOutcome::mostForks).max().orElse(0), open);
    }

    /** The run settings that say it: "forks" ("7", or "5-7"), and "within 10 min; settled" or "within 10 min; open: ...". */
    public Map<String, String> settings(Duration budget) {
        return Map.of("forks", fewestForks == mostForks ? String.valueOf(mostForks) : fewestForks + "-" + mostForks,
                RunInfo.UNTIL_SETTLED, "within " + RunConsole.duration(budget)
                        + (open.isEmpty() ? "; settled" : "; open: " + String.join("; ", open)));
    }
}
