package benchkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format sysbench --histogram on --percentile 99 --verbosity 4} through bench.jar against Debian's
 * mariadbd, two thread counts, bench's lines too: sysbench's final report after each trial, in its blocks and
 * order, with numbers that agree with each other and with the journal's measurement iterations.
 */
class SysbenchFormatIT {
    private static final List<Integer> THREADS = List.of(2, 4);

    @TempDir
    Path dir;

    @Test
    void sysbenchReportAfterEachTrial() throws Exception {
        Path out = dir.resolve("out");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "oltp-read-write", "--server", "system", "--tables", "2", "--table-size", "1000",
                "--threads", "2,4", "--warmup-iterations", "1", "--warmup-time", "1", "--iterations", "2",
                "--time", "2", "--report-interval", "1", "--collectors", "none",
                "--format", "sysbench", "--histogram", "on", "--percentile", "99", "--verbosity", "4", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        String stdout = r.out();
        assertTrue(stdout.contains("lat (ms,99%): "), "progress lines show the 99th percentile:\n" + stdout);
        assertTrue(!stdout.contains("lat (ms,95%)"), stdout);

        String[] trials = stdout.split("\n# Benchmark: ");
        assertEquals(1 + THREADS.size(), trials.length, stdout);
        for (int t = 0; t < THREADS.size(); t++) {
            checkTrial(trials[t + 1], THREADS.get(t), out);
        }
    }

    private static void checkTrial(String trial, int threads, Path out) throws Exception {
        String report = trial.substring(trial.indexOf("# sysbench summary of this trial's 2 measurement iterations ("));
        // The blocks, in sysbench's order.
        assertTrue(report.startsWith("# sysbench summary of this trial's 2 measurement iterations ("), report);
        assertTrue(report.contains("s); 1 warmup iteration not counted\n"
                + "Latency histogram (values are in milliseconds)\n"
                + "       value  ------------- distribution ------------- count\n"), report);
        assertTrue(report.contains("\n \nSQL statistics:\n    queries performed:\n        read:    "), report);
        assertTrue(report.contains("\n\nGeneral statistics:\n    total time:   "), report);
        assertTrue(report.contains("\n\nLatency (ms):\n         min:    "), report);
        assertTrue(report.contains("\n         99th percentile:    "), report);
        assertTrue(report.contains("\n\nThreads fairness:\n    events (avg/stddev):           "), report);

        long read = count(report, "        read:");
        long write = count(report, "        write:");
        long other = count(report, "        other:");
        long total = count(report, "        total:");
        assertEquals(read + write + other, total, "total = read + write + other");
        assertTrue(write > 0 && other > 0, report);
        long transactions = count(report, "    transactions:");
        assertEquals(total, count(report, "    queries:"));
        long events = count(report, "    total number of events:");
        assertEquals(transactions, events);
        double seconds = number(report, "    total time:\\s+([0-9.]+)s");
        assertTrue(seconds >= 3.99 && seconds < 4.5, "two 2-second iterations: " + seconds);
        double tps = number(report, "    transactions:\\s+\\d+\\s+\\(([0-9.]+) per sec\\.\\)");
        assertEquals(events / seconds, tps, 0.01 * tps + 0.01, "transactions/s = events / total time");
        double qps = number(report, "    queries:\\s+\\d+\\s+\\(([0-9.]+) per sec\\.\\)");
        assertEquals(total / seconds, qps, 0.01 * qps + 0.01);

        double min = number(report, "\n         min:\\s+([0-9.]+)");
        double avg = number(report, "\n         avg:\\s+([0-9.]+)");
        double max = number(report, "\n         max:\\s+([0-9.]+)");
        double p99 = number(report, "\n         99th percentile:\\s+([0-9.]+)");
        double sum = number(report, "\n         sum:\\s+([0-9.]+)");
        assertTrue(0 < min && min <= avg && avg <= max && min <= p99 && p99 <= max * 1.01, report);
        assertEquals(sum / events, avg, 0.01 + 0.01 * avg, "avg = sum / events");

        // Threads fairness: events are the threads' events; each thread was busy most of the time.
        Matcher fairness = Pattern.compile("events \\(avg/stddev\\):\\s+([0-9.]+)/([0-9.]+)\n"
                + "    execution time \\(avg/stddev\\):\\s+([0-9.]+)/([0-9.]+)\n").matcher(report);
        assertTrue(fairness.find(), report);
        assertEquals(events, Double.parseDouble(fairness.group(1)) * threads, 0.001 * threads);
        double execution = Double.parseDouble(fairness.group(3));
        assertEquals(sum / 1000 / threads, execution, 0.0001 + 0.001 * execution, "execution time = latency sum / threads");
        // an event in flight when the measurement began counts whole: each thread's time may exceed the window by one
        // event's latency at most (a 104-ms event did so in CI: 4.099 s of 4.013 s)
        assertTrue(execution > 0.5 * seconds && execution <= seconds * 1.01 + max / 1000, "closed loop keeps threads busy: "
                + report);

        // The histogram holds the events (but for those in flight at the two boundaries).
        long rows = report.lines().filter(l -> l.matches(" +[0-9]+\\.[0-9]{3} \\|\\** +[0-9]+"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(events, rows, 2.0 * threads, report);

        // The same events and queries as the journal's measurement iterations of this trial.
        long journalEvents = 0;
        long journalQueries = 0;
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(out.resolve("journal.jsonl"))) {
            JsonNode n = json.readTree(line);
            if (n.has("warmup") && !n.get("warmup").asBoolean() && n.get("threads").asInt() == threads) {
                journalEvents += n.get("events").asLong();
                journalQueries += n.get("reads").asLong() + n.get("writes").asLong() + n.get("others").asLong();
            }
        }
        assertEquals(journalEvents, events, "summary events = the measured iterations' events");
        assertEquals(journalQueries, total);
    }

    private static long count(String report, String label) {
        return (long) number(report, "\n" + Pattern.quote(label) + "\\s+(\\d+)");
    }

    private static double number(String report, String regex) {
        Matcher m = Pattern.compile(regex).matcher(report);
        assertTrue(m.find(), regex + " not in:\n" + report);
        return Double.parseDouble(m.group(1));
    }
}
