package benchkit.core.result;

import benchkit.spi.FileNames;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One trial's latency as an HdrHistogram interval log ({@link HistogramLogWriter}'s format), in
 * {@code latency/<variant>-t<threads>-f<fork>.hlog} of the result directory: one interval histogram per
 * second of load (shorter at an iteration's end, so no interval spans two iterations), tagged {@code warmup}
 * or {@code measure}; at each iteration's end, for a workload that names its events' kinds, one interval per kind over the
 * whole iteration, tagged {@code measure.KIND} (or {@code warmup.KIND}): a merge of client workers adds those up into each
 * kind's percentiles. The histograms hold nanoseconds; the interval-max column is in milliseconds, the unit
 * HdrHistogram's {@code HistogramLogProcessor} reports in by default. HdrHistogram's own {@code HistogramLogReader} and the other
 * languages' HdrHistogram packages read it; percentiles over several logs (or client machines) come from
 * adding their histograms, never from averaging percentiles. Each interval is flushed when written, so a
 * crash keeps the intervals before it.
 */
public final class LatencyLog implements Closeable {
    public static final String DIR = "latency";
    public static final String WARMUP = "warmup";
    public static final String MEASURE = "measure";
    /** Recorded values are nanoseconds; the log's interval-max column is in milliseconds. */
    private static final double NANOS_PER_MS = 1e6;
    /** Longest latency the histograms hold; longer ones are clamped. */
    public static final long MAX_NANOS = java.util.concurrent.TimeUnit.HOURS.toNanos(1);
    /** Two significant digits (1%) keep each thread's histograms small even with many threads. */
    private static final int DIGITS = 2;
    /** How every log bench writes begins: what tells its own logs from a user's. */
    private static final String HEADER = "#benchkit latency of variant ";

    private final Path file;
    /** HdrHistogram's writer prints into this buffer; its bytes go to the file, whose errors (a full disk) are not swallowed as PrintStream's are. */
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final HistogramLogWriter writer = new HistogramLogWriter(new PrintStream(buffer, false, StandardCharsets.US_ASCII));
    private final OutputStream out;
    private final long startMillis;

    private LatencyLog(Path file, OutputStream out, long startMillis) {
        this.file = file;
        this.out = out;
        this.startMillis = startMillis;
    }

    /** Starts the log of one trial; {@code startMillis} (epoch) is the log's time zero. */
    public static LatencyLog open(Path resultDir, String variant, int threads, int fork, long startMillis) throws IOException {
        Path dir = Files.createDirectories(resultDir.resolve(DIR));
        Path file = dir.resolve(fileName(variant, threads, fork));
        LatencyLog log = new LatencyLog(file, Files.newOutputStream(file), startMillis);
        log.writer.outputComment(HEADER.substring(1) + variant + ", " + threads + " threads, fork " + fork
                + "; values in ns (interval max in ms); tags: " + WARMUP + ", " + MEASURE);
        log.writer.outputLogFormatVersion();
        log.writer.outputStartTime(startMillis);
        log.writer.setBaseTime(startMillis);
        log.writer.outputLegend();
        log.flush();
        return log;
    }

    /**
     * e.g. {@code glibc-t32-f2.hlog}: the variant as {@link FileNames#of} makes it a file name, which no other variant's
     * maps to ({@code mysql-8.0_innodb_spin_wait_delay=6~3f2a…-t32-f2.hlog} for a variant with a space).
     */
    public static String fileName(String variant, int threads, int fork) {
        return FileNames.of(variant) + "-t" + threads + "-f" + fork + ".hlog";
    }

    /**
     * Whether {@code file} is a latency log that bench wrote: a regular file named as {@link #fileName} names them,
     * starting with the comment {@link #open} writes. What --force may remove of a {@value #DIR} directory.
     */
    public static boolean isWrittenByBench(Path file) {
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) || !isNamedAsBench(file)) {
            return false;
        }
        byte[] head = HEADER.getBytes(StandardCharsets.US_ASCII);
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return java.util.Arrays.equals(in.readNBytes(head.length), head);
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether {@code file} is named as {@link #fileName} names bench's logs ({@code <variant>-t<threads>-f<fork>.hlog}). */
    public static boolean isNamedAsBench(Path file) {
        return file.getFileName().toString().matches(".+-t\\d+-f\\d+\\.hlog");
    }

    /** Writes one interval (epoch milliseconds) of the given phase; an empty interval is skipped. */
    public void interval(Histogram latencyNanos, long fromMillis, long toMillis, boolean warmup) throws IOException {
        write(latencyNanos, warmup ? WARMUP : MEASURE, fromMillis, toMillis);
    }

    /**
     * Writes the latency of one kind of event over an iteration (epoch milliseconds), tagged {@code measure.KIND}; a kind
     * with no event is skipped. These intervals repeat events of the phase's own: a reader of the totals skips them
     * ({@link #kindOf}), as HdrHistogram's HistogramLogProcessor does with {@code -tag measure}.
     */
    public void kindInterval(String kind, Histogram latencyNanos, long fromMillis, long toMillis, boolean warmup) throws IOException {
        write(latencyNanos, (warmup ? WARMUP : MEASURE) + KIND_SEPARATOR + kind, fromMillis, toMillis);
    }

    /** Between the phase and the kind in a kind's tag: a kind is letters, digits, '_' and '-' (no tag's ',' or space). */
    private static final String KIND_SEPARATOR = ".";

    /** The kind of event an interval's tag names ({@code measure.new_order}), or null for the totals' ({@code measure}). */
    public static String kindOf(String tag) {
        for (String phase : new String[] {WARMUP, MEASURE}) {
            if (tag != null && tag.startsWith(phase + KIND_SEPARATOR) && tag.length() > phase.length() + 1) {
                return tag.substring(phase.length() + 1);
            }
        }
        return null;
    }

    private void write(Histogram latencyNanos, String tag, long fromMillis, long toMillis) throws IOException {
        if (latencyNanos.getTotalCount() == 0) {
            return;
        }
        latencyNanos.setTag(tag);
        writer.outputIntervalHistogram((fromMillis - startMillis) / 1000.0, (toMillis - startMillis) / 1000.0,
                latencyNanos, NANOS_PER_MS);
        flush();
    }

    public Path file() {
        return file;
    }

    private void flush() throws IOException {
        out.write(buffer.toByteArray());
        buffer.reset();
        out.flush();
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // every interval was flushed when written; nothing is lost by a failed close
        }
    }

    /** An empty histogram of bench's latencies (nanoseconds), as the load records them and this log writes them. */
    public static org.HdrHistogram.Histogram newHistogram() {
        return new org.HdrHistogram.Histogram(MAX_NANOS, DIGITS);
    }
}
