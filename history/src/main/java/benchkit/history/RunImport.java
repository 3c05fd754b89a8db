package benchkit.history;

import benchkit.core.report.JmhResultReader;
import benchkit.core.result.MachineInfo;
import benchkit.core.result.RunInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Reads a result directory (jmh-result.json, and run.json when there is one) into a {@link StoredRun}. */
public final class RunImport {
    private RunImport() {
    }

    /**
     * The run in {@code dir}, with the user's {@code labels}. Refused with one line (IllegalArgumentException) when the
     * directory holds no result bench would read back.
     */
    public static StoredRun read(Path dir, Map<String, String> labels) throws IOException {
        if (dir.toString().isBlank()) {
            throw new IllegalArgumentException("an empty name is not a result directory; name one, e.g. bench-results/*");
        }
        benchkit.core.run.results.ResultDirectory.requireExisting(dir);
        benchkit.core.run.results.ResultLock.requireFree(dir, "the run directory");   // a run still writing it
        benchkit.core.run.results.ReplacedRun.recover(dir, "the run directory");      // a killed --force run's
        Path jmh = dir.resolve(JmhResultReader.FILE_NAME);
        String jmhText;
        try {
            jmhText = benchkit.core.util.TextFiles.readJson(jmh);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no " + JmhResultReader.FILE_NAME + " in " + dir
                    + benchkit.core.result.JournalReader.rebuildHint(dir).map(h -> ": " + h + " (a trend holds complete runs"
                            + " only)").orElse(" (a run that kept no result files cannot be stored)"));
        }
        if (JmhResultReader.parse(jmhText, jmh.toString()).isEmpty()) {
            // a run stopped before measuring (Ctrl-C in its prepare): its journal's end line says why, as report's does
            throw new IllegalArgumentException(jmh + " holds no result (an empty list): "
                    + benchkit.core.result.JournalReader.whyNoResult(dir));
        }
        benchkit.core.result.JournalReader.Contents journal = requireComplete(dir);
        // a jmh-result.json copied from another run, or edited, would store another run's scores under this one's
        benchkit.core.result.JournalReader.requireOwn(jmh, JmhResultReader.parse(jmhText, jmh.toString()), journal);
        Path runFile = dir.resolve(RunInfo.FILE_NAME);
        String runText = Files.exists(runFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                ? benchkit.core.util.TextFiles.readJson(runFile) : "";
        Optional<RunInfo> info = RunInfo.read(dir);
        requireOwnRunJson(dir, runFile, info);
        requireSameRunAsJournal(runFile, info, journal);
        requireNotWorker(dir, info);
        Instant started = info.map(RunInfo::startedAt).map(RunImport::instant)
                .orElse(Files.getLastModifiedTime(jmh).toInstant());
        Map<String, String> all = new LinkedHashMap<>(labels);
        String machine = all.containsKey(StoredRun.MACHINE_LABEL) ? all.get(StoredRun.MACHINE_LABEL)
                : info.map(RunInfo::machine).map(RunImport::machine).orElse(MachineInfo.UNKNOWN);
        return new StoredRun(key(jmhText, runText), started, machine, all, dir.toString(), jmhText, runText);
    }

    /**
     * A run that did not complete (interrupted, failed, or still running: its journal has no end line saying complete)
     * is refused: its results are those of the iterations that finished, and a trend holds complete runs only, as a
     * run's own {@code --history} does.
     */
    private static benchkit.core.result.JournalReader.Contents requireComplete(Path dir) {
        // every run and merge bench writes keeps its journal: one gone or emptied leaves no word that the run completed
        Path journalFile = dir.resolve(benchkit.core.result.Journal.FILE_NAME);
        if (Files.exists(journalFile) && !Files.isRegularFile(journalFile)) {
            // a link to /dev/stdin, a directory: there is one, but no journal bench wrote
            throw new IllegalArgumentException(journalFile + " is not a file (a directory, a device or a pipe), so bench"
                    + " cannot tell whether the run completed: restore it from a copy of the run");
        }
        if (!Files.isRegularFile(journalFile)) {
            throw new IllegalArgumentException(dir + " has no " + benchkit.core.result.Journal.FILE_NAME + ", which every run"
                    + " keeps, so bench cannot tell whether it completed: restore it from a copy of the run");
        }
        benchkit.core.result.JournalReader.Contents journal;
        try {
            journal = benchkit.core.result.JournalReader.read(dir);
        } catch (IOException e) {
            // a journal that is not text comes with a remedy of its own: the one below says it for every damage
            String damage = e.getCause() instanceof benchkit.core.util.TextFiles.Unreadable u ? u.finding() : e.getMessage();
            throw new IllegalArgumentException(dir + " cannot be stored: " + damage + ", so bench cannot tell "
                    + "whether the run completed; restore the journal from a copy of the run");
        }
        if (!journal.complete()) {
            String error = journal.error().orElse("its journal has no end line");
            // the run's own remedy names an option of bench run, which history add has not: said for a new run
            String remedy = error.contains(benchkit.core.run.Runner.ALLOW_INVALID_REMEDY)
                    ? ": run it again; a run with --allow-invalid accepts invalid iterations, and can be stored" : "";
            throw new IllegalArgumentException(dir + " is a run that did not complete ("
                    + error.replace(benchkit.core.run.Runner.ALLOW_INVALID_REMEDY, "") + "); a trend holds complete runs only"
                    + remedy);
        }
        return journal;
    }

    /** How far a journal's start may lie outside its run.json's times: clocks read a moment apart, never minutes. */
    private static final java.time.Duration CLOCK_SLACK = java.time.Duration.ofSeconds(5);

    /**
     * A run.json copied from another run (not linked) dates and describes this run's results as that run's: its times
     * do not hold this run's journal, which began between the run's start and its end (a merge's, at its end).
     */
    private static void requireSameRunAsJournal(Path runFile, Optional<RunInfo> info,
                                                benchkit.core.result.JournalReader.Contents journal) {
        if (info.isEmpty() || info.get().startedAt() == null || info.get().finishedAt() == null
                || journal.started().isEmpty()) {
            return;
        }
        Instant from = instant(info.get().startedAt());
        Instant to;
        try {
            to = Instant.parse(info.get().finishedAt());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("run.json's finishedAt is not a time: " + info.get().finishedAt());
        }
        Instant began = journal.started().get();
        if (began.isBefore(from.minus(CLOCK_SLACK)) || began.isAfter(to.plus(CLOCK_SLACK))) {
            throw new IllegalArgumentException(runFile + " describes a run from " + from + " to " + to + ", but this run's"
                    + " journal began at " + began + ", so it is another run's: restore it from a copy of the run, or"
                    + " remove it (the run is then stored with its machine unknown)");
        }
    }

    /**
     * A run.json that is not the run's own (a link to another run's, or one emptied to {@code {}}) would store this run's
     * results as a new run, dated and described as another or as now: one measurement twice in a trend.
     */
    private static void requireOwnRunJson(Path dir, Path runFile, Optional<RunInfo> info) throws IOException {
        if (info.isEmpty()) {
            return;     // none: stored with its machine unknown, with a warning
        }
        String remedy = ": restore it from a copy of the run, or remove it (the run is then stored with its machine unknown)";
        if (Files.isSymbolicLink(runFile)) {
            Path target = runFile.toRealPath();
            if (!target.getParent().equals(dir.toRealPath())) {
                throw new IllegalArgumentException(runFile + " is a link to " + target + ", outside the run's directory, so"
                        + " another run's" + remedy);
            }
        }
        if (info.get().machine() == null) {
            throw new IllegalArgumentException(runFile + " lacks the machine every run's run.json holds, so it is not the"
                    + " run's own" + remedy);
        }
    }

    /**
     * A worker's directory ({@code --worker I/N}) holds its part of the load only: stored alone it would look like a
     * whole run at the same params, and a trend would judge it so. The merged run is what a trend holds.
     */
    private static void requireNotWorker(Path dir, Optional<RunInfo> info) {
        info.map(i -> i.settings().get(benchkit.core.run.plan.WorkerRole.WORKER_SETTING)).ifPresent(worker -> {
            throw new IllegalArgumentException(dir + " is worker " + worker + "'s part of a run (--worker), not a whole run;"
                    + " store the merged run instead: bench merge WORKER-DIRS... --out DIR, then bench history add DIR");
        });
    }

    /** A label as the user writes it, {@code name=value}. */
    public static Map.Entry<String, String> label(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("--label " + text + " is not valid; expected NAME=VALUE, e.g. commit=abc123");
        }
        String name = text.substring(0, eq).strip();
        String value = text.substring(eq + 1).strip();
        if (name.isEmpty() || value.isEmpty()) {
            throw new IllegalArgumentException("--label " + text + " is not valid; expected NAME=VALUE, e.g. commit=abc123");
        }
        if (text.chars().anyMatch(Character::isISOControl)) {
            // a tab or newline in a label would break the list's lines and the page's axis
            throw new IllegalArgumentException("--label " + text.replaceAll("\\p{Cntrl}", "?") + " holds a control"
                    + " character (a tab, a newline); a label is one line of text");
        }
        return Map.entry(name, value);
    }

    /** The machine's facts that make two runs comparable: CPU model, CPUs and memory (not the kernel or JVM). */
    static String machine(MachineInfo m) {
        return String.format(Locale.ROOT, "%s, %d CPUs, %d MB", m.cpuModel(), m.logicalCpus(), m.memoryMb());
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("run.json's startedAt is not a time: " + text);
        }
    }

    /**
     * A run's key: a hash of its files' parsed content (keys sorted, no whitespace), so the same run re-written by a JSON
     * tool or with CRLF line ends is the same run, stored once.
     */
    static String key(String jmhText, String runText) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(canonical(jmhText).getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(canonical(runText).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    private static final com.fasterxml.jackson.databind.json.JsonMapper CANONICAL =
            com.fasterxml.jackson.databind.json.JsonMapper.builder()
                    .enable(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    /** {@code json} with its object keys sorted and no whitespace; text that is not JSON (none: no run.json) as it is. */
    private static String canonical(String json) {
        if (json.isBlank()) {
            return "";
        }
        try {
            return CANONICAL.writeValueAsString(CANONICAL.readValue(json, Object.class));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return json;
        }
    }
}
