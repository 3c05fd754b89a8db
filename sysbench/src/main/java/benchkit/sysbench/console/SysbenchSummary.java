package benchkit.sysbench.console;

import benchkit.core.run.console.Counts;
import benchkit.core.run.console.ProgressLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * {@code --format sysbench}: sysbench 1.0.20's final report, column for column, for the measurement
 * iterations of one trial: the optional latency histogram, "SQL statistics", "General statistics",
 * "Latency (ms)" and "Threads fairness".
 *
 * <p>Where the numbers come from: counts, events and total time are those of the measurement
 * iterations (load is continuous, so they join without gaps); avg and sum, and each thread's
 * "execution time", are exact sums of the OK events' latencies; min, max and the percentile come from
 * the HdrHistogram of those events (2 significant digits, so within 1%). Counts and latencies are read
 * at the same iteration boundaries but not atomically, so an event in flight at a boundary can have its
 * latency on the other side: the histogram may hold up to one event per thread more or fewer at each end.
 *
 * <p>The histogram uses sysbench's own buckets: 1024 logarithmic buckets from 0.001 ms to 100,000 ms
 * (each about 1.8% wide), a row per non-empty bucket showing its value. Each HdrHistogram bucket
 * (finer, at most 1% wide) is counted whole in the sysbench bucket its middle value falls in, the way
 * sysbench places one latency; so a row can differ from sysbench's by the events of one HdrHistogram
 * bucket at a bucket edge, never in the total.
 */
public final class SysbenchSummary {
    static final int BUCKETS = 1024;
    private static final double MIN_MS = 0.001;
    private static final double MAX_MS = 100_000;
    private static final double DEDUCT = Math.log(MIN_MS);
    private static final double MULT = (BUCKETS - 1) / (Math.log(MAX_MS) - DEDUCT);
    private static final String STARS = "*".repeat(40);

    private SysbenchSummary() {
    }

    /** What the report shows, reduced to numbers. */
    public record Stats(long reads, long writes, long others, long events, long errors, long reconnects, double seconds,
                 double minMs, double avgMs, double maxMs, int percentile, double percentileMs, double sumMs,
                 double eventsAvg, double eventsStddev, double timeAvgSec, double timeStddevSec) {
        public long queries() {
            return reads + writes + others;
        }
    }

    /**
     * The report's numbers from what a trial measured.
     *
     * @param threadEvents       OK events of each thread
     * @param threadLatencyNanos sum of each thread's OK-event latencies
     * @param latency            the OK events' latencies in nanoseconds
     * @param percentile         1-100, or 0 for none
     */
    static Stats stats(Counts counts, double seconds, long[] threadEvents, long[] threadLatencyNanos, Histogram latency,
                       int percentile) {
        return stats(counts.reads(), counts.writes(), counts.others(), counts.errors(), counts.reconnects(), seconds,
                threadEvents, threadLatencyNanos, latency, percentile);
    }

    /** The report's numbers from a run's counts (a sysbench Lua script's run reports the same way). */
    public static Stats stats(long reads, long writes, long others, long errors, long reconnects, double seconds,
                              long[] threadEvents, long[] threadLatencyNanos, Histogram latency, int percentile) {
        int threads = threadEvents.length;
        long sumNanos = 0;
        long events = 0;
        for (int i = 0; i < threads; i++) {
            sumNanos += threadLatencyNanos[i];
            events += threadEvents[i];
        }
        boolean any = latency.getTotalCount() > 0;
        double eventsAvg = (double) events / threads;
        double timeAvg = sumNanos / 1e9 / threads;
        double eventsVar = 0;
        double timeVar = 0;
        for (int i = 0; i < threads; i++) {
            eventsVar += square(threadEvents[i] - eventsAvg);
            timeVar += square(threadLatencyNanos[i] / 1e9 - timeAvg);
        }
        return new Stats(reads, writes, others, events, errors, reconnects, seconds,
                any ? millis(latency.getMinValue()) : 0, events == 0 ? 0 : sumNanos / 1e6 / events,
                any ? millis(latency.getMaxValue()) : 0,
                percentile, ProgressLine.percentileMs(latency, percentile), sumNanos / 1e6,
                eventsAvg, Math.sqrt(eventsVar / threads), timeAvg, Math.sqrt(timeVar / threads));
    }

    /**
     * The report's lines in one write: a reader that stops at one of them ({@code | awk '/queries:/ {print $2; exit}'})
     * has the whole report before it goes, so the next write does not meet a closed pipe halfway through it (which
     * ends a sysbench line with 141, as SIGPIPE ends sysbench).
     */
    public static void print(List<String> lines, java.io.PrintStream out) {
        if (!lines.isEmpty()) {
            out.print(String.join("\n", lines) + "\n");
            out.flush();
        }
    }

    /**
     * The report's lines, from "SQL statistics:" to the blank line after "Threads fairness"; without
     * the SQL statistics for a workload that counts no queries (as sysbench's non-database tests).
     */
    public static List<String> report(Stats s, boolean sqlStatistics) {
        return report(s, sqlStatistics, s.seconds());
    }

    /**
     * The report with {@code totalTimeSec} as its "total time": after a checkpoint sysbench's counts and rates are
     * the interval's since, its total time the whole run's.
     */
    public static List<String> report(Stats s, boolean sqlStatistics, double totalTimeSec) {
        List<String> l = new ArrayList<>();
        double sec = s.seconds();
        if (sqlStatistics) {
            l.add("SQL statistics:");
            l.add("    queries performed:");
            l.add("        read:                            " + s.reads());
            l.add("        write:                           " + s.writes());
            l.add("        other:                           " + s.others());
            l.add("        total:                           " + s.queries());
            l.add(perSec("    transactions:                        ", s.events(), sec));
            l.add(perSec("    queries:                             ", s.queries(), sec));
            l.add(perSec("    ignored errors:                      ", s.errors(), sec));
            l.add(perSec("    reconnects:                          ", s.reconnects(), sec));
        }
        l.add("");
        l.add("General statistics:");
        l.add(f("    total time:                          %.4fs", totalTimeSec));
        l.add("    total number of events:              " + s.events());
        l.add("");
        l.add("Latency (ms):");
        l.add(latency("         min:", s.minMs()));
        l.add(latency("         avg:", s.avgMs()));
        l.add(latency("         max:", s.maxMs()));
        if (s.percentile() > 0) {
            l.add(latency(f("        %3dth percentile:", s.percentile()), s.percentileMs()));
        } else {
            l.add("         percentile stats:               disabled");
        }
        l.add(latency("         sum:", s.sumMs()));
        l.add("");
        l.add("Threads fairness:");
        l.add(f("    events (avg/stddev):           %.4f/%3.2f", s.eventsAvg(), s.eventsStddev()));
        l.add(f("    execution time (avg/stddev):   %.4f/%3.2f", s.timeAvgSec(), s.timeStddevSec()));
        l.add("");
        return l;
    }

    /** sysbench's bucket counts of {@code latency} (nanoseconds); see the class comment. */
    public static long[] buckets(Histogram latency) {
        long[] b = new long[BUCKETS];
        for (HistogramIterationValue v : latency.recordedValues()) {
            b[bucket(latency.medianEquivalentValue(v.getValueIteratedTo()) / 1e6)] += v.getCountAtValueIteratedTo();
        }
        return b;
    }

    /** The sysbench bucket of a latency in ms. */
    static int bucket(double ms) {
        if (!(ms > 0)) {
            return 0;
        }
        long i = (long) Math.floor((Math.log(ms) - DEDUCT) * MULT + 0.5);
        return (int) Math.max(0, Math.min(BUCKETS - 1, i));
    }

    /** The value sysbench shows for bucket {@code i}, in ms. */
    static double bucketValue(int i) {
        return Math.exp(i / MULT + DEDUCT);
    }

    /**
     * "Latency histogram (values are in milliseconds)", the column header, a row per non-empty bucket
     * (value, up to 40 stars scaled to the fullest bucket, count) and sysbench's closing line of one
     * space. With no events, sysbench prints the title and the closing line only.
     */
    public static List<String> histogram(long[] buckets) {
        List<String> l = new ArrayList<>();
        l.add("Latency histogram (values are in milliseconds)");
        l.addAll(histogramRows(buckets, SysbenchSummary::bucketValue));
        l.add(" ");
        return l;
    }

    /**
     * The column header and a row per non-empty bucket (value, up to 40 stars scaled to the fullest bucket, count), as
     * sysbench's histograms print them; nothing when every bucket is empty. {@code value} gives a bucket's value.
     */
    public static List<String> histogramRows(long[] buckets, java.util.function.IntToDoubleFunction value) {
        List<String> l = new ArrayList<>();
        long max = 0;
        for (long c : buckets) {
            max = Math.max(max, c);
        }
        if (max > 0) {
            l.add("       value  ------------- distribution ------------- count");
            for (int i = 0; i < buckets.length; i++) {
                if (buckets[i] == 0) {
                    continue;
                }
                int width = (int) Math.floor(buckets[i] * 40.0 / max + 0.5);
                l.add(f("%12.3f |%-40s %d", value.applyAsDouble(i), STARS.substring(0, width), buckets[i]));
            }
        }
        return l;
    }

    /**
     * sysbench's time stamp of a line, {@code elapsedSec} into the run: whole seconds, e.g. {@code [ 3s ]} for a line
     * that came at 2.7 s (its {@code log_timestamp}, {@code "[ %.0fs ]"}).
     */
    public static String stamp(double elapsedSec) {
        return f("[ %.0fs ]", elapsedSec);
    }

    /** The one line bench prints before the report, saying which events it counts. */
    static String scopeLine(int measured, double seconds, int warmups) {
        return f("# sysbench summary of this trial's %d measurement iteration%s (%.1f s); %s", measured,
                measured == 1 ? "" : "s", seconds,
                warmups == 0 ? "no warmup" : warmups + " warmup iteration" + (warmups == 1 ? "" : "s") + " not counted");
    }

    /** A "Latency (ms)" line: the value right-aligned to column 53. */
    private static String latency(String label, double ms) {
        return f("%-43s%10.2f", label, ms);
    }

    private static String perSec(String label, long n, double seconds) {
        return f("%s%-6d (%.2f per sec.)", label, n, n / seconds);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static double square(double x) {
        return x * x;
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
