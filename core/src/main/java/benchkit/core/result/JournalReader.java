package benchkit.core.result;

import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a {@link Journal} back into what the run held in memory: its shape and its finished trials. Used by
 * {@code bench merge}, which joins several client machines' runs from the files they left.
 */
public final class JournalReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param complete whether the journal's last line says the run ended complete
     * @param error    the run's failure as its end line gives it, or why the end line is missing
     * @param settings the run.json settings its start line holds (a worker's role), empty for others
     * @param started  when its start line was written; empty when the line has no time bench can read
     */
    public record Contents(RunDescription run, List<TrialRecord> trials, boolean complete, Optional<String> error,
                           Map<String, String> settings, Optional<java.time.Instant> started) {
        /** The measurement iterations that finished (warmups left out): what result files written from it would hold. */
        public long measured() {
            return trials.stream().flatMap(t -> t.iterations().stream()).filter(i -> !i.warmup()).count();
        }

        /** Whether the journal has its end line, complete or not: a run that ended, rather than one killed or running. */
        public boolean ended() {
            return complete || error.filter(e -> !e.equals(NO_END_LINE) && !e.startsWith(TORN)).isPresent();
        }
    }

    /** The error of a journal without its end line. */
    private static final String NO_END_LINE = "the journal has no end line (the run was killed or is still running)";
    /** How the error of a journal with a torn line begins. */
    private static final String TORN = "the journal's ";

    private JournalReader() {
    }

    /**
     * Why the run in {@code dir} did not complete (interrupted, failed, still running: its journal has no end line saying
     * complete), e.g. "interrupted by SIGHUP"; empty for a complete run, and for a run kept without a journal (merge's
     * inputs, results copied by hand) or one whose journal cannot be read, which tell nothing either way.
     */
    public static Optional<String> whyIncomplete(Path dir) {
        if (!Files.isRegularFile(dir.resolve(Journal.FILE_NAME))) {
            return Optional.empty();
        }
        try {
            Contents journal = read(dir);
            return journal.complete() ? Optional.empty() : Optional.of(journal.error().orElse("its journal has no end line"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Why the run in {@code dir} left a jmh-result.json that holds no result, from its journal's end line (report,
     * compare and history add say it alike), or "nothing to read" when the journal tells nothing.
     */
    public static String whyNoResult(Path dir) {
        return whyIncomplete(dir).map(why -> "the run ended before any measurement iteration finished: " + why)
                .orElse("nothing to read");
    }

    /**
     * For a directory without jmh-result.json: when its run stopped before writing its result files (killed: a journal
     * but no run.json), the words that point to {@code bench report DIR}, which writes them from the journal (sweep 6,
     * case 91); else empty.
     */
    public static Optional<String> rebuildHint(Path dir) {
        if (Files.exists(dir.resolve("jmh-result.json"), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || Files.exists(dir.resolve(RunInfo.FILE_NAME), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Optional<String> workers = unmergedWorkers(dir);
        if (workers.isPresent()) {
            return workers;
        }
        Optional<String> unmeasured = endedBeforeMeasuring(dir);
        if (unmeasured.isPresent()) {
            // bench report would say "nothing to report": the hint must not send the user there (sweep 7, case 89)
            return Optional.of("its run ended before any measured iteration finished (" + unmeasured.get()
                    + "), so there is no result to write from its journal");
        }
        return whyIncomplete(dir).map(why -> "its run stopped before writing its result files (" + why + "): bench report "
                + dir + " writes what it finished from its journal");
    }

    /**
     * For the --out of a {@code --clients} run whose merge did not happen (its coordinator killed): the workers'
     * directories in it and the merge that joins what they finished (sweep 9, case 22: "no jmh-result.json" alone);
     * else empty.
     */
    static Optional<String> unmergedWorkers(Path dir) {
        List<Path> workers = new ArrayList<>();
        for (int i = 0; Files.isDirectory(dir.resolve("worker-" + i), java.nio.file.LinkOption.NOFOLLOW_LINKS); i++) {
            workers.add(dir.resolve("worker-" + i));
        }
        if (workers.isEmpty() || Files.exists(dir.resolve(Journal.FILE_NAME), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        String held = "it holds the results of " + workers.size() + " worker" + (workers.size() == 1 ? "" : "s")
                + " of a --clients run, not merged";
        boolean measured = workers.stream().anyMatch(w -> {
            try {
                return read(w).measured() > 0;
            } catch (IOException e) {
                return false;       // a worker whose journal cannot be read finished nothing merge would take
            }
        });
        if (!measured) {
            return Optional.of(held + ", and none finished a measurement iteration: nothing was measured; run the benchmark again");
        }
        String named = String.join(" ", workers.stream().map(Path::toString).toList());
        return Optional.of(held + ": bench merge --allow-missing " + named + " --out " + dir + " joins what they finished");
    }

    /**
     * For a directory without result files whose journal holds no finished measurement iteration (a run killed during
     * its prepare): why its run ended; else empty.
     */
    public static Optional<String> endedBeforeMeasuring(Path dir) {
        if (Files.exists(dir.resolve("jmh-result.json"), java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || Files.exists(dir.resolve(RunInfo.FILE_NAME), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            Contents journal = read(dir);
            return journal.measured() > 0 ? Optional.empty()
                    : Optional.of(journal.error().orElse("its journal says it completed"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Why {@code results}, read from a run's jmh-result.json, are not the results of the run {@code journal} kept (a
     * file copied from another run, or edited): another workload, or a measured score none of its iterations has.
     * Empty when they are its own, or when the journal holds no measured iteration to tell by.
     */
    static Optional<String> notItsOwn(List<VariantResult> results, Contents journal) {
        String benchmark = journal.run().benchmark();
        for (VariantResult r : results) {
            if (!r.benchmark().equals(benchmark)) {
                return Optional.of("it holds " + r.benchmark() + ", but the run's journal is of " + benchmark);
            }
        }
        if (journal.measured() == 0) {
            return Optional.empty();
        }
        for (VariantResult r : results) {
            List<Double> kept = journal.trials().stream().filter(t -> t.threads() == r.threads())
                    .flatMap(t -> t.iterations().stream()).filter(i -> !i.warmup()).map(IterationRecord::tps).toList();
            for (double[] fork : r.metric(VariantResult.PRIMARY).map(MetricResult::rawData).orElse(List.of())) {
                for (double score : fork) {
                    // the file holds the journal's numbers, written again: equal but for the last digit
                    if (kept.stream().noneMatch(k -> Math.abs(k - score) <= 1e-9 * Math.max(1, Math.abs(k)))) {
                        return Optional.of(String.format(java.util.Locale.ROOT, "its score %.1f at %d threads is none of"
                                + " the measured iterations in the run's journal", score, r.threads()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Refuses (IllegalArgumentException, one line with the remedy) {@code results} of {@code jmh} not its run's own. */
    public static void requireOwn(Path jmh, List<VariantResult> results, Contents journal) {
        notItsOwn(results, journal).ifPresent(why -> {
            throw new IllegalArgumentException(jmh + " is not this run's own (" + why + "): restore it from a copy of"
                    + " the run");
        });
    }

    /** Reads {@code dir/journal.jsonl}; a missing file or a journal without its start line is an IOException naming it. */
    public static Contents read(Path dir) throws IOException {
        Path file = dir.resolve(Journal.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new IOException("no " + Journal.FILE_NAME + " in " + dir);
        }
        RunDescription run = null;
        Optional<java.time.Instant> started = Optional.empty();
        Map<String, String> settings = Map.of();
        Map<String, List<IterationRecord>> iterations = new LinkedHashMap<>();
        Map<String, JsonNode> trialLines = new LinkedHashMap<>();
        Map<String, Integer> seen = new java.util.HashMap<>();
        Boolean complete = null;
        String error = null;
        int lineNo = 0;
        List<String> lines;
        try {
            lines = benchkit.core.util.TextFiles.readJson(file).lines().toList();
        } catch (IllegalArgumentException notText) {
            throw new IOException(notText.getMessage(), notText);    // a damaged journal, as its other damage is said
        }
        String torn = null;
        int endLine = 0;
        for (String line : lines) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            if (endLine > 0) {
                // a run writes nothing after its end line: one there was added, and would count as measured (sweep 6, case 66)
                throw new IOException(file + " line " + lineNo + " is damaged: it follows the journal's end line (line "
                        + endLine + "), after which no run writes; the journal was edited or corrupted");
            }
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException e) {
                if (lineNo == lines.size()) {
                    // the last line cut short (the process killed while writing it): the journal ends before it
                    torn = "last line is cut short (the run was killed while writing it)";
                    break;
                }
                throw new IOException(file + " line " + lineNo + " is not JSON", e);
            }
            switch (n.path("event").asText()) {
                case "start" -> {
                    run = description(n);
                    settings = strings(n.path("settings"));
                    started = time(n);
                }
                case "iteration" -> {
                    Optional<String> damaged = impossibleCount(n);
                    if (damaged.isPresent()) {
                        throw new IOException(file + " line " + lineNo + " is damaged: " + damaged.get()
                                + ", which no run writes; the journal was edited or corrupted");
                    }
                    String key = n.path("variant").asText() + "\u0000" + n.path("threads").asInt() + "\u0000" + n.path("fork").asInt();
                    // a run writes each iteration once (one measured again gets the next index): a repeat would count twice
                    Integer first = seen.putIfAbsent(key + "\u0000" + n.path("warmup").asBoolean() + "\u0000"
                            + n.path("iteration").asInt(), lineNo);
                    if (first != null) {
                        throw new IOException(file + " line " + lineNo + " is damaged: it repeats line " + first + " ("
                                + (n.path("warmup").asBoolean() ? "warmup " : "") + "iteration " + n.path("iteration").asInt()
                                + " of variant " + n.path("variant").asText() + ", " + n.path("threads").asInt()
                                + " threads, fork " + n.path("fork").asInt() + "), which no run writes; the journal was "
                                + "edited or corrupted");
                    }
                    trialLines.putIfAbsent(key, n);
                    iterations.computeIfAbsent(key, k -> new ArrayList<>()).add(iteration(n));
                }
                case "end" -> {
                    endLine = lineNo;
                    complete = n.path("complete").asBoolean();
                    error = n.hasNonNull("error") ? n.get("error").asText() : null;
                }
                default -> { }
            }
        }
        if (run == null) {
            throw new IOException(file + " has no start line");
        }
        List<TrialRecord> trials = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : trialLines.entrySet()) {
            JsonNode n = e.getValue();
            String variant = n.path("variant").asText();
            trials.add(new TrialRecord(variant, run.variantParams().getOrDefault(variant, Map.of()), n.path("server").asText(),
                    n.path("threads").asInt(), n.path("fork").asInt(), iterations.get(e.getKey())));
        }
        if (torn != null) {
            complete = false;
            error = TORN + torn;
        } else if (complete == null) {
            error = NO_END_LINE;
        }
        return new Contents(run, trials, Boolean.TRUE.equals(complete), Optional.ofNullable(error), settings, started);
    }

    private static Optional<java.time.Instant> time(JsonNode line) {
        try {
            return Optional.of(java.time.Instant.parse(line.path("time").asText()));
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static RunDescription description(JsonNode n) {
        Map<String, Map<String, String>> variants = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.path("variants").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> v = it.next();
            variants.put(v.getKey(), strings(v.getValue()));
        }
        List<Integer> threads = new ArrayList<>();
        n.path("threads").forEach(t -> threads.add(t.asInt()));
        return new RunDescription(n.path("workload").asText(), strings(n.path("workloadOptions")), List.copyOf(variants.keySet()),
                variants, threads, n.path("forks").asInt(), n.path("warmupIterations").asInt(),
                Duration.parse(n.path("warmupTime").asText("PT0S")), n.path("measurementIterations").asInt(),
                Duration.parse(n.path("measurementTime").asText("PT0S")), n.path("maxEvents").asLong(), n.path("rate").asDouble(),
                n.path("eventsPerThread").asLong());
    }

    /** The counts an iteration line holds: none is below 0 in a journal bench wrote. */
    private static final List<String> COUNTS = List.of("events", "errors", "reconnects", "reads", "writes", "others",
            "durationSec");

    /** {@code "events": -100}, when one of an iteration's counts is below 0 (or not a number). */
    private static Optional<String> impossibleCount(JsonNode n) {
        for (String count : COUNTS) {
            JsonNode v = n.get(count);
            if (v != null && !(v.isNumber() && v.asDouble() >= 0)) {
                return Optional.of("\"" + count + "\": " + v);
            }
        }
        return Optional.empty();
    }

    private static IterationRecord iteration(JsonNode n) {
        JsonNode lat = n.path("latencyMs");
        List<Metric> metrics = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.path("metrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> m = it.next();
            metrics.add(new Metric(m.getKey(), m.getValue().path("value").asDouble(), m.getValue().path("unit").asText(),
                    Aggregation.valueOf(m.getValue().path("aggregation").asText(Aggregation.AVG.name()))));
        }
        return new IterationRecord(n.path("iteration").asInt(), n.path("warmup").asBoolean(),
                Math.round(n.path("durationSec").asDouble() * 1e9), n.path("events").asLong(), n.path("errors").asLong(),
                n.path("reconnects").asLong(), n.path("reads").asLong(), n.path("writes").asLong(), n.path("others").asLong(),
                lat.path("p50").asDouble(), lat.path("p95").asDouble(), lat.path("p99").asDouble(), lat.path("max").asDouble(),
                metrics, n.path("startMs").asLong(), n.path("endMs").asLong(), n.path("invalid").asText(""));
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            m.put(e.getKey(), e.getValue().asText());
        }
        return m;
    }
}
