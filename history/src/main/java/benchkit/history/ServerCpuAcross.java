package benchkit.history;

import benchkit.core.result.JmhResults;
import benchkit.spi.StandardMetrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where the server's CPU went on each side of a change point of a series: its CPU per query over the runs before and
 * after, and, from the runs that carry a CPU profile ({@code --profile cpu}), the shares of its samples in the
 * allocator, in locks and in the kernel. The trend report's "why" beside a change's size; the values are each run's
 * point (the mean of its forks) averaged over the runs of a side, as the change's own levels are.
 */
final class ServerCpuAcross {
    private static final List<String> SHARES = List.of(StandardMetrics.SERVER_CPU_ALLOCATOR,
            StandardMetrics.SERVER_CPU_LOCKS, StandardMetrics.SERVER_CPU_KERNEL);

    /** One metric's level on each side, and over how many runs. */
    record Level(String metric, double before, int runsBefore, double after, int runsAfter) {
        double change() {
            return after - before;
        }
    }

    private ServerCpuAcross() {
    }

    /** The sentence for {@code change} of {@code series}; empty when the runs measured no server CPU per query. */
    static Optional<String> describe(List<StoredRun> runs, Series series, TrendReport.Change change) {
        List<StoredRun> before = series.points().subList(change.index() - change.runsBefore(), change.index()).stream()
                .map(Series.Point::run).toList();
        List<StoredRun> after = series.points().subList(change.index(), change.index() + change.runsAfter()).stream()
                .map(Series.Point::run).toList();
        Optional<Level> perQuery = level(runs, series.key(), JmhResults.SERVER_CPU_PER_QUERY, before, after);
        if (perQuery.isEmpty()) {
            return Optional.empty();
        }
        Level q = perQuery.get();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "Server CPU per query %s → %s µs (%+.1f%%), over %d and %d runs",
                TrendGate.number(q.before()), TrendGate.number(q.after()), 100 * (q.after() / q.before() - 1),
                q.runsBefore(), q.runsAfter()));
        List<Level> shares = new ArrayList<>();
        for (String m : SHARES) {
            level(runs, series.key(), m, before, after).ifPresent(shares::add);
        }
        if (shares.isEmpty()) {
            sb.append("; no CPU profile in these runs (a run with --profile cpu keeps where the server's CPU went)");
        } else {
            shares.sort(Comparator.comparingDouble((Level l) -> -Math.abs(l.change())));
            sb.append("; of its CPU samples (--profile cpu, ").append(shares.get(0).runsBefore()).append(" and ")
                    .append(shares.get(0).runsAfter()).append(" runs): ")
                    .append(shares.stream().map(l -> String.format(Locale.ROOT, "%s %.1f%% → %.1f%%",
                            shareName(l.metric()), l.before(), l.after())).collect(Collectors.joining(", ")));
        }
        return Optional.of(sb.append('.').toString());
    }

    /** {@code metric}'s mean point over the runs of each side that have it, for the series' workload, variant and threads. */
    static Optional<Level> level(List<StoredRun> runs, Series.Key key, String metric, List<StoredRun> before,
                                 List<StoredRun> after) {
        Optional<Series> of = Series.of(runs, List.of(metric)).stream().filter(s -> s.key().benchmark().equals(key.benchmark())
                && s.key().variant().equals(key.variant()) && s.key().threads() == key.threads()
                && s.key().machine().equals(key.machine())).findFirst();
        if (of.isEmpty()) {
            return Optional.empty();
        }
        Set<String> b = before.stream().map(StoredRun::key).collect(Collectors.toSet());
        Set<String> a = after.stream().map(StoredRun::key).collect(Collectors.toSet());
        List<Series.Point> pb = of.get().points().stream().filter(p -> b.contains(p.run().key())).toList();
        List<Series.Point> pa = of.get().points().stream().filter(p -> a.contains(p.run().key())).toList();
        OptionalDouble mb = pb.stream().mapToDouble(Series.Point::value).average();
        OptionalDouble ma = pa.stream().mapToDouble(Series.Point::value).average();
        if (mb.isEmpty() || ma.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Level(metric, mb.getAsDouble(), pb.size(), ma.getAsDouble(), pa.size()));
    }

    /** Where a share of the samples went, in the sentence's words. */
    private static String shareName(String metric) {
        return switch (metric) {
            case StandardMetrics.SERVER_CPU_ALLOCATOR -> "allocator";
            case StandardMetrics.SERVER_CPU_LOCKS -> "locks and spin waits";
            case StandardMetrics.SERVER_CPU_KERNEL -> "kernel";
            default -> metric;
        };
    }
}
