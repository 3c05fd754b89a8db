package benchkit.core.report;

import benchkit.core.result.LatencyLog;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How each trial went second by second, from its HdrHistogram interval log ({@link LatencyLog}): events per
 * second and p95 latency of each interval, on the run's clock, so that the warmup, the variants' interleaved
 * slices, a stall or a drift show where they happened.
 */
final class OverTime {
    /** The comment each log starts with, naming its trial. */
    private static final Pattern TRIAL = Pattern.compile("variant (.+), (\\d+) threads, fork (\\d+);");

    /** One trial: {@code points} are {seconds since the run's first interval, events/s, p95 ms, 1 if warmup}. */
    public record Series(String variant, int threads, int fork, List<double[]> points) {
    }

    private OverTime() {
    }

    static List<Series> read(Path resultDir) throws IOException {
        return readAll(resultDir).series();
    }

    /**
     * The trials' series, and {@code damaged}: one line for each of bench's logs that could not be read whole (cut
     * short, a directory in its place), naming it. What it held before the damage is kept; the report says what is
     * missing rather than drawing less without a word.
     */
    /** The logs the run's journal says it wrote: one for each trial that ran an iteration; none without a journal. */
    private static List<String> loggedTrials(Path resultDir) {
        try {
            return benchkit.core.result.JournalReader.read(resultDir).trials().stream()
                    .filter(t -> !t.iterations().isEmpty())
                    .map(t -> LatencyLog.fileName(t.variant(), t.threads(), t.fork())).distinct().toList();
        } catch (IOException e) {
            return List.of();      // no journal (results copied by hand, an older run) or a damaged one: nothing to expect
        }
    }

    record Logs(List<Series> series, List<String> damaged) {
        static final Logs NONE = new Logs(List.of(), List.of());

        Logs {
            series = List.copyOf(series);
            damaged = List.copyOf(damaged);
        }
    }

    static Logs readAll(Path resultDir) throws IOException {
        Path dir = resultDir.resolve(LatencyLog.DIR);
        List<String> expected = loggedTrials(resultDir);
        if (!Files.isDirectory(dir)) {
            // gone (moved away, deleted): said as a damaged log is, not a chart missing without a word (sweep 6, case 86)
            return expected.isEmpty() ? Logs.NONE : new Logs(List.of(), List.of(dir + " is missing (the latency logs of "
                    + expected.size() + " trial" + (expected.size() == 1 ? "" : "s") + "): the report has no over-time chart"));
        }
        List<Path> logs;
        try (Stream<Path> files = Files.list(dir)) {
            logs = files.filter(f -> f.getFileName().toString().endsWith(".hlog")).sorted().toList();
        }
        List<Series> series = new ArrayList<>();
        List<String> damaged = new ArrayList<>();
        for (String name : expected) {
            if (!Files.exists(dir.resolve(name), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                damaged.add(dir.resolve(name) + " is missing: the over-time chart leaves it out");
            }
        }
        List<List<double[]>> absolute = new ArrayList<>();
        double start = Double.MAX_VALUE;
        for (Path log : logs) {
            if (Files.isDirectory(log)) {
                // said here, not in the system's words, which follow the locale ("Ist ein Verzeichnis" under de_DE)
                damaged.add(log + " cannot be read (it is a directory): the over-time chart leaves it out");
                continue;
            }
            if (Files.exists(log) && !Files.isRegularFile(log)) {
                // a link to /dev/zero or a FIFO would be read for ever (and end in "out of memory", blaming the heap)
                damaged.add(log + " is not a regular file (a device or a FIFO): the over-time chart leaves it out");
                continue;
            }
            Matcher m;
            try (BufferedReader in = Files.newBufferedReader(log, java.nio.charset.StandardCharsets.ISO_8859_1)) {
                String first = firstLine(in);
                m = first == null ? null : TRIAL.matcher(first);
            } catch (IOException e) {
                damaged.add(log + " cannot be read (" + reason(e) + "): the over-time chart leaves it out");
                continue;
            }
            if (m == null || !m.find()) {
                if (LatencyLog.isNamedAsBench(log)) {
                    // bench's name, not bench's first line: overwritten (random bytes, another file), not the user's own
                    damaged.add(log + " is damaged: it is named as bench's latency logs are, but does not begin as they do"
                            + " (overwritten?); the over-time chart leaves it out");
                }
                continue;                   // not one of bench's logs
            }
            List<double[]> points = new ArrayList<>();
            benchkit.core.result.LatencyLogStream text = null;
            try (var in = new java.io.BufferedInputStream(Files.newInputStream(log))) {
                text = new benchkit.core.result.LatencyLogStream(in);
                HistogramLogReader reader = new HistogramLogReader(text);
                EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    if (!(h instanceof Histogram histogram) || LatencyLog.kindOf(histogram.getTag()) != null) {
                        continue;       // a kind's interval spans its iteration and repeats events of the totals'
                    }
                    double seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000.0;
                    if (seconds <= 0) {
                        continue;
                    }
                    double at = histogram.getStartTimeStamp() / 1000.0;
                    start = Math.min(start, at);
                    points.add(new double[]{at, histogram.getTotalCount() / seconds,
                            histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(95) / 1e6,
                            LatencyLog.WARMUP.equals(histogram.getTag()) ? 1 : 0});
                }
                if (points.isEmpty()) {
                    // every trial logs a second of load at least: a log without one was cut before it
                    damaged.add(log + " holds no interval (cut short?): the over-time chart leaves it out");
                } else if (text.endsInZeros()) {
                    damaged.add(zeros(log, points.size()));
                }
            } catch (IOException | RuntimeException e) {
                // HdrHistogram's reader fails in its own ways on a line cut in two (a decoding error, not an IOException)
                // in bench's words, not the reader's exception (NoSuchElementException on a full disk, sweep 10 case N9)
                String intervals = points.size() + " interval" + (points.size() == 1 ? "" : "s");
                damaged.add(text != null && text.endsInZeros() ? zeros(log, points.size())
                        : (e instanceof IOException io ? log + " cannot be read after its first " + intervals + " ("
                                + reason(io) + ")"
                                : log + " is cut short after its first " + intervals + " (its writing did not finish: a full"
                                        + " disk, or the run killed)")
                        + ": the over-time chart draws " + (points.size() == 1 ? "that one" : "those") + " only; the"
                        + " scores do not come from it, and a copy of the run's whole log draws all of it");
            }
            series.add(new Series(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), points));
            absolute.add(points);
        }
        for (List<double[]> points : absolute) {
            for (double[] p : points) {
                p[0] = Math.round((p[0] - start) * 10) / 10.0;
            }
        }
        return new Logs(series.stream().filter(x -> !x.points().isEmpty()).toList(), damaged);
    }

    /** Why a log could not be read; the log is named before: the reason alone ("Permission denied"). */
    private static String reason(IOException e) {
        return e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
    }

    /** A log that goes on in zero bytes where a write was cut short: what came before them is drawn. */
    private static String zeros(Path log, int intervals) {
        return log + " goes on in zero bytes after its first " + intervals + " interval" + (intervals == 1 ? "" : "s")
                + " (a write cut short, e.g. by a crash): the over-time chart draws " + (intervals == 1 ? "that one" : "those")
                + " only";
    }

    /** bench's first line of a log is short: a longer one (a file of zeros) is not one of its logs, and is not held whole. */
    private static final int FIRST_LINE_MAX = 4096;

    /** The first line, or null when there is none or it is longer than any bench writes. */
    private static String firstLine(BufferedReader in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            if (b.length() == FIRST_LINE_MAX) {
                return null;
            }
            b.append((char) c);
        }
        return b.isEmpty() ? null : b.toString();
    }

    /** What the page draws: one line per trial, coloured by variant. */
    static Map<String, Object> data(List<Series> series) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Series s : series) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("variant", s.variant());
            m.put("label", s.variant() + ", " + s.threads() + " threads, fork " + s.fork());
            m.put("points", s.points().stream().map(p -> new double[]{p[0], round(p[1]), round(p[2] * 1000) / 1000, p[3]})
                    .toList());
            out.add(m);
        }
        return Map.of("series", out);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
