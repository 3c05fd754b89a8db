package benchkit.core.result;

import benchkit.spi.Metric;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code journal.jsonl}: one JSON object per line, each written the moment it is known (run
 * start, every finished iteration, run end), so a crash loses nothing finished. A line is
 * appended whole or not at all: when the disk fills up mid-line, the part written is cut off
 * again, so the lines before it stay valid JSON. Written through a {@link RandomAccessFile}, whose writes an
 * interrupt (Ctrl-C during a server's start) does not abort, where a FileChannel would close itself.
 * A run that keeps no result files keeps no journal either ({@link #none()}).
 */
public final class Journal implements Closeable {
    public static final String FILE_NAME = "journal.jsonl";
    private final RandomAccessFile file;      // null: none kept
    private boolean failed;
    private Runnable whenMeasured = () -> { };

    private Journal(RandomAccessFile file) {
        this.file = file;
    }

    public static Journal open(Path dir) throws IOException {
        return new Journal(new RandomAccessFile(dir.resolve(FILE_NAME).toFile(), "rw"));
    }

    /**
     * A journal that keeps nothing, for a run that keeps no result files: it neither writes a file nor loads the JSON
     * library (about 0.2 s of a short sysbench line's start, docs/sysbench-scripts.md, "Speed").
     */
    public static Journal none() {
        return new Journal(null);
    }

    /** Jackson's mapper, made when a journal first writes. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /**
     * Runs {@code then} once, after the first measured (not warm-up) iteration's line is written: the run has a result
     * from then on (an earlier run that --force replaces goes only then).
     */
    public synchronized void whenMeasured(Runnable then) {
        this.whenMeasured = then;
    }

    /** Whether a line could not be written (e.g. the disk is full); later lines may be missing too. */
    public synchronized boolean failed() {
        return failed;
    }

    public synchronized void start(RunDescription run) throws IOException {
        start(run, java.util.Map.of());
    }

    /**
     * The start line, with {@code settings} of run.json already known at the start (a worker's role and run id): a run
     * killed before it wrote run.json still tells them, so bench merge can take what it finished.
     */
    public synchronized void start(RunDescription run, java.util.Map<String, String> settings) throws IOException {
        if (file == null) {
            return;
        }
        ObjectNode n = event("start");
        n.put("benchmark", run.benchmark());
        n.put("workload", run.workload());
        ObjectNode options = n.putObject("workloadOptions");
        run.workloadOptions().forEach(options::put);
        ObjectNode variants = n.putObject("variants");
        for (String label : run.variants()) {
            ObjectNode params = variants.putObject(label);
            run.variantParams().getOrDefault(label, java.util.Map.of()).forEach(params::put);
        }
        run.threads().forEach(n.putArray("threads")::add);
        n.put("forks", run.forks());
        n.put("warmupIterations", run.warmupIterations());
        n.put("warmupTime", run.warmupTime().toString());
        n.put("measurementIterations", run.measurementIterations());
        n.put("measurementTime", run.measurementTime().toString());
        n.put("maxEvents", run.maxEvents());
        n.put("rate", run.rate());
        n.put("eventsPerThread", run.eventsPerThread());
        if (!settings.isEmpty()) {
            ObjectNode known = n.putObject("settings");
            settings.forEach(known::put);
        }
        write(n);
    }

    public synchronized void iteration(TrialRecord trial, IterationRecord it) throws IOException {
        if (file == null) {
            return;
        }
        ObjectNode n = event("iteration");
        n.put("variant", trial.variant());
        n.put("server", trial.server());
        n.put("threads", trial.threads());
        n.put("fork", trial.fork());
        n.put("warmup", it.warmup());
        n.put("iteration", it.index());
        n.put("durationSec", it.seconds());
        n.put("startMs", it.startMillis());
        n.put("endMs", it.endMillis());
        n.put("events", it.events());
        n.put("tps", it.tps());
        n.put("qps", it.qps());
        n.put("reads", it.reads());
        n.put("writes", it.writes());
        n.put("others", it.others());
        n.put("errors", it.errors());
        n.put("reconnects", it.reconnects());
        if (!it.valid()) {
            n.put("invalid", it.invalid());
        }
        ObjectNode lat = n.putObject("latencyMs");
        lat.put("p50", it.latencyP50Ms());
        lat.put("p95", it.latencyP95Ms());
        lat.put("p99", it.latencyP99Ms());
        lat.put("max", it.latencyMaxMs());
        ObjectNode metrics = n.putObject("metrics");
        for (Metric m : it.metrics()) {
            ObjectNode mn = metrics.putObject(m.name());
            mn.put("value", m.value());
            mn.put("unit", m.unit());
            mn.put("aggregation", m.aggregation().name());
        }
        write(n);
        if (!it.warmup()) {
            Runnable then = whenMeasured;
            whenMeasured = () -> { };
            then.run();
        }
    }

    public synchronized void end(boolean complete, String error) throws IOException {
        if (file == null) {
            return;
        }
        ObjectNode n = event("end");
        n.put("complete", complete);
        if (error != null) {
            n.put("error", error);
        }
        write(n);
    }

    private static ObjectNode event(String name) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("event", name);
        n.put("time", Instant.now().toString());
        return n;
    }

    private void write(ObjectNode n) throws IOException {
        byte[] line = (Json.MAPPER.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8);
        long end = file.length();
        try {
            file.seek(end);
            file.write(line);
        } catch (IOException e) {
            failed = true;
            try {
                file.setLength(end);            // shrinking needs no free space
            } catch (IOException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (file != null) {
            file.close();
        }
    }
}
