package benchkit.core.merge;

import benchkit.spi.StandardMetrics;
import benchkit.core.report.Compare;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.report.ReportSettings;
import benchkit.core.result.VariantResult;
import benchkit.core.result.IterationRecord;
import benchkit.core.result.JmhResults;
import benchkit.core.result.Journal;
import benchkit.core.result.JournalReader;
import benchkit.core.result.RunDescription;
import benchkit.core.result.TrialRecord;
import benchkit.core.run.results.ResultFiles;
import benchkit.core.run.plan.WorkerRole;
import benchkit.spi.Aggregation;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * {@code bench merge}: joins the result directories of N workers ({@code bench --worker I/N} against one
 * target, started together at each trial by a {@link benchkit.core.run.load.StartBarrier}) into one run, as if one
 * client machine had run every session:
 * <ul>
 * <li>counts (events, errors, queries) are summed per iteration; the workers' iterations are aligned by the
 *     barrier and last the same time, so the merged throughput is the sum of theirs;</li>
 * <li>latency percentiles come from adding the workers' histograms of the iteration (their HdrHistogram logs),
 *     never from averaging percentiles; so do each kind of event's ({@code latency.new_order.p99}), from the
 *     histograms per kind the workers log at each iteration's end, or they are left out, saying so;</li>
 * <li>client CPU is summed, and kept per worker ({@code client.cpu.worker-I}); CPU per query is the CPU
 *     over the merged queries; what the workers saw of the server (its CPU, memory, counters) is the same
 *     server seen N times, so it is averaged (or its maximum kept);</li>
 * <li>each variant gets the param {@code clients=N}.</li>
 * </ul>
 * A worker that is missing or did not finish is named, and the merge refuses to report a total without it
 * unless asked to ({@code allowMissing}): a total that silently lacks a third of the load is worse than none.
 */
public final class WorkerMerge {
    /** The variant param of a merged run: how many client workers loaded the target. */
    public static final String CLIENTS = "clients";

    /** @param described whether its run wrote run.json (a worker killed before its end did not: its settings are its role alone) */
    private record Worker(int index, int count, String runId, Path dir, JournalReader.Contents journal, RunInfo info,
                          boolean described) {
    }

    /** Why a worker killed before its end stopped, as the merge names it. */
    static final String KILLED = "killed before its end: its journal has no end line, and no process writes it";

    /**
     * What the merge wrote, what it took from each worker ({@code merged}, one line a worker), and which workers or
     * iterations it had to leave out (only with allowMissing).
     */
    public record Result(Path dir, List<VariantResult> results, List<String> merged, List<String> missing, List<String> failures,
                         Map<String, String> incomplete) {
        /**
         * The mark of a score over iterations that lack a worker's load (sweep 10, case N47), e.g. {@code incomplete: 2
         * of 3 iterations lack a worker}; empty for a score over every worker.
         */
        public String mark(VariantResult r) {
            return incomplete.getOrDefault(scoreKey(r.variant(), r.threads()), "");
        }
    }

    /** Whether some measurement iteration of {@code t} has every worker's part. */
    private static boolean fullIteration(List<Worker> workers, TrialRecord t, int clients) {
        return workers.size() == clients && t.iterations().stream().filter(i -> !i.warmup())
                .anyMatch(i -> workers.stream().allMatch(w -> find(w, t, i).isPresent()));
    }

    private static String scoreKey(String variant, int threads) {
        return variant + "@" + threads;
    }

    private WorkerMerge() {
    }

    /**
     * Merges {@code workerDirs} into {@code out}.
     *
     * @throws InvalidOptionException when the directories are not the workers of one run (bad input)
     * @throws IncompleteMergeException when a worker or one of its iterations is missing and {@code allowMissing} is false
     */
    public static Result merge(List<Path> workerDirs, Path out, boolean allowMissing, Consumer<String> print) throws IOException {
        List<Worker> workers = read(workerDirs);
        List<String> missing = missingWorkers(workers);
        Worker first = workers.get(0);
        RunDescription run = withClients(first.journal().run(), first.count());
        List<TrialRecord> trials = new ArrayList<>();
        Map<TrialRecord, List<LatencyIntervals.Iteration>> latencyByTrial = new LinkedHashMap<>();
        java.util.Set<String> leftOut = new java.util.TreeSet<>();   // per-kind percentiles no worker's log could give
        Map<Integer, Integer> measuredBy = new TreeMap<>();   // worker index -> measurement iterations merged from it
        List<Gap> gaps = new ArrayList<>();
        // per score (variant and threads): its measurement iterations kept, and those of them that lack a worker
        Map<String, int[]> lacking = new LinkedHashMap<>();     // {kept, kept lacking a worker, left out}
        List<String> iterationsLeftOut = new ArrayList<>();
        List<String> leftOutLines = new ArrayList<>();
        for (TrialRecord t : allTrials(workers)) {
            List<IterationRecord> merged = new ArrayList<>();
            List<LatencyIntervals.Iteration> mergedLatency = new ArrayList<>();
            for (IterationRecord it : t.iterations()) {
                List<IterationRecord> parts = new ArrayList<>();
                List<LatencyIntervals.Iteration> latency = new ArrayList<>();
                for (Worker w : workers) {
                    Optional<IterationRecord> own = find(w, t, it);
                    if (own.isEmpty()) {
                        gaps.add(new Gap(w, t, it, measuredAgain(workers, t, it, run.measurementIterations())));
                        continue;
                    }
                    parts.add(own.get());
                    latency.add(latency(workers, w, t, own.get(), out));
                }
                if (parts.size() == workers.size() || allowMissing) {
                    // of all the run's workers (one that gave no directory is not among those given)
                    boolean lacksOne = parts.size() < first.count();
                    if (!it.warmup() && lacksOne && fullIteration(workers, t, first.count())) {
                        // a sum over fewer workers is another load: averaged with whole iterations it is neither
                        iterationsLeftOut.add(String.valueOf(it.index()));
                        lacking.computeIfAbsent(scoreKey(t.variant(), t.threads()), k -> new int[3])[2]++;
                        continue;
                    }
                    if (!it.warmup()) {
                        int[] counts = lacking.computeIfAbsent(scoreKey(t.variant(), t.threads()), k -> new int[3]);
                        counts[0]++;
                        counts[1] += lacksOne ? 1 : 0;
                        for (Worker w : workers) {
                            if (find(w, t, it).isPresent()) {
                                measuredBy.merge(w.index(), 1, Integer::sum);
                            }
                        }
                    }
                    LatencyIntervals.Iteration all = LatencyIntervals.Iteration.empty();
                    latency.forEach(all::add);
                    merged.add(iteration(it, parts, latency, all, leftOut));
                    mergedLatency.add(all);
                }
            }
            TrialRecord trial = new TrialRecord(t.variant(), run.variantParams().getOrDefault(t.variant(), Map.of()), t.server(),
                    t.threads(), t.fork(), merged);
            trials.add(trial);
            latencyByTrial.put(trial, mergedLatency);
            if (!iterationsLeftOut.isEmpty()) {
                leftOutLines.add("iteration" + (iterationsLeftOut.size() == 1 ? " " : "s ") + String.join(", ", iterationsLeftOut) + " of variant "
                        + t.variant() + " at " + t.threads() + " threads, fork " + t.fork() + " left out of the score: "
                        + (iterationsLeftOut.size() == 1 ? "it lacks" : "they lack") + " a worker's load, which the other iterations have");
                iterationsLeftOut.clear();
            }
        }
        Map<String, String> incomplete = new LinkedHashMap<>();
        lacking.forEach((key, counts) -> {
            int all = counts[0] + counts[2];
            List<String> marks = new ArrayList<>();
            if (counts[1] > 0) {
                marks.add(counts[1] + " of " + all + " iteration" + (all == 1 ? "" : "s") + " lack" + (counts[1] == 1 ? "s" : "")
                        + " a worker");
            }
            if (counts[2] > 0) {
                marks.add(counts[2] + " of " + all + " iterations left out: " + (counts[2] == 1 ? "it lacks" : "they lack")
                        + " a worker");
            }
            if (!marks.isEmpty()) {
                incomplete.put(key, "incomplete: " + String.join("; ", marks));
            }
        });
        missing.addAll(Gap.lines(gaps));
        missing.addAll(leftOutLines);
        if (workers.stream().flatMap(w -> w.journal().trials().stream()).flatMap(t -> t.iterations().stream())
                .allMatch(IterationRecord::warmup)) {
            // an empty jmh-result.json under "Merged 2 workers" looked like a result (sweep 6, case 62): none is written
            throw new IncompleteMergeException("nothing to merge: no worker finished a measurement iteration ("
                    + String.join("; ", workers.stream().map(w -> "worker " + w.index() + " (" + w.dir() + "): "
                            + w.journal().error().orElse("none measured")).toList())
                    + "); no result files written: run the benchmark again", missing, false);
        }
        if (!missing.isEmpty() && !allowMissing) {
            throw new IncompleteMergeException(missing);
        }
        int planned = run.variants().size() * run.threads().size() * Math.max(1, run.forks()) * run.measurementIterations();
        List<String> from = workers.stream().map(w -> {
            int n = measuredBy.getOrDefault(w.index(), 0);
            // iterations measured again (an invalid one) or forks run until settled may pass the plan's count
            return "worker " + w.index() + " (" + w.dir() + "): " + n + (n <= planned ? " of " + planned : "")
                    + " measurement iteration" + (n == 1 && n > planned ? "" : "s") + " merged";
        }).toList();
        Files.createDirectories(out);
        Path study = first.dir().resolve(benchkit.core.report.Study.FILE_NAME);
        if (Files.isRegularFile(study) && !study.equals(out.resolve(study.getFileName()))) {
            // the study the workers repeated, so the merged report puts its findings beside the merged results
            Files.copy(study, out.resolve(study.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        if (!leftOut.isEmpty()) {
            print.accept("# Left out of the merged run: " + String.join(", ", leftOut) + " (a worker's latency log holds no histogram"
                    + " of each kind of event: an older bench wrote it, or the log stopped; the workers' percentiles"
                    + " averaged would be no percentile of their events)");
        }
        writeJournal(out, run, trials, missing);
        List<String> failures = new ArrayList<>(LatencyIntervals.writeMerged(out, latencyByTrial));
        List<JmhResults.Entry> entries = JmhResults.build(run, trials);
        // a merge starts from the workers' files: how they judged and the study they repeated are read from them
        Map<String, String> settings = settings(workers, missing);
        if (!incomplete.isEmpty()) {
            // the report says it above every number, as of any run that did not end as planned
            settings.put(RunInfo.INCOMPLETE, "merged with a worker's load missing: " + String.join("; ", incomplete.entrySet()
                    .stream().map(e -> "variant " + e.getKey().replace("@", " at ") + " threads " + e.getValue()).toList()));
        }
        ReportSettings report = new ReportSettings(Compare.Settings.fromRunSettings(settings),
                Compare.Settings.baselineOf(settings), benchkit.core.report.Study.read(first.dir()));
        RunRecord merged = RunRecord.of(out, run.workload(), entries, RunInfo.endingNow(started(workers), settings));
        failures.addAll(ResultFiles.write(merged, report, print));
        return new Result(out, merged.results(), from, missing, failures, incomplete);
    }

    /**
     * The worker's latency of the iteration; a log that cannot give it names the remedies (sweep 9, case 34: an emptied
     * .hlog was named with none): its copy restored, or the merge of the others.
     */
    private static LatencyIntervals.Iteration latency(List<Worker> workers, Worker w, TrialRecord t, IterationRecord it, Path out)
            throws IOException {
        try {
            return LatencyIntervals.of(w.dir(), t, it);
        } catch (LatencyIntervals.IncompleteLogException e) {
            List<String> others = workers.stream().filter(o -> o != w).map(o -> o.dir().toString()).toList();
            throw new LatencyIntervals.IncompleteLogException(e.getMessage() + ": restore the log from a copy of the run"
                    + (others.isEmpty() ? "" : ", or leave worker " + w.index() + " out: bench merge --allow-missing "
                            + String.join(" ", others) + " --out " + out + " merges the others"));
        }
    }

    private static List<Worker> read(List<Path> dirs) throws IOException {
        if (dirs.isEmpty()) {
            throw new InvalidOptionException("bench merge needs the result directories of the workers");
        }
        List<Worker> workers = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new InvalidOptionException(dir + " is not a directory");
            }
            // a worker still running has no run.json yet: said so, not "not a worker's directory"
            benchkit.core.run.results.ResultLock.requireFree(dir, "the worker's directory");
            JournalReader.Contents journal = null;
            if (Files.isRegularFile(dir.resolve(Journal.FILE_NAME))) {
                try {
                    journal = JournalReader.read(dir);
                } catch (IOException e) {
                    throw new InvalidOptionException("cannot read the journal of " + dir + ": " + e.getMessage());
                }
            }
            Optional<RunInfo> written = RunInfo.read(dir);
            RunInfo info;
            if (written.isPresent()) {
                info = written.get();
            } else if (journal != null && journal.settings().containsKey(WorkerRole.WORKER_SETTING)) {
                // no run.json and no process writing here (the lock is free): the worker was killed (kill -9, a lost
                // machine); its journal holds what it finished, and whose it is (sweep 7, case 53)
                info = new RunInfo(null, null, journal.settings(), null);
                if (!journal.complete()) {
                    journal = new JournalReader.Contents(journal.run(), journal.trials(), false, Optional.of(KILLED),
                            journal.settings(), journal.started());
                }
            } else {
                throw new InvalidOptionException(journal != null
                        ? dir + " holds a run killed before its end (no run.json, and no process writes it) whose journal"
                                + " does not say which worker it was (an older bench): merge without it (--allow-missing)"
                        : dir + " is not a worker's result directory (no run.json in it)");
            }
            String role = info.settings().get(WorkerRole.WORKER_SETTING);
            if (role == null || !role.matches("\\d+/\\d+")) {
                throw new InvalidOptionException(dir + " is not a worker's result (its run did not have --worker I/N)");
            }
            if (journal == null) {
                throw new InvalidOptionException("cannot read the journal of " + dir + ": no " + Journal.FILE_NAME + " in it");
            }
            String[] in = role.split("/");
            workers.add(new Worker(Integer.parseInt(in[0]), Integer.parseInt(in[1]), info.settings().getOrDefault(WorkerRole.RUN_ID_SETTING, ""),
                    dir, journal, info, written.isPresent()));
        }
        workers.sort(Comparator.comparingInt(Worker::index));
        Worker first = workers.get(0);
        for (Worker w : workers) {
            if (w.count() != first.count() || !w.runId().equals(first.runId())) {
                throw new InvalidOptionException("not the workers of one run: " + first.dir() + " is worker " + first.index() + "/"
                        + first.count() + " of run '" + first.runId() + "', " + w.dir() + " is worker " + w.index() + "/"
                        + w.count() + " of run '" + w.runId() + "'");
            }
            RunDescription a = first.journal().run();
            RunDescription b = w.journal().run();
            if (!a.workload().equals(b.workload()) || !a.threads().equals(b.threads()) || !a.variants().equals(b.variants())
                    || a.measurementIterations() != b.measurementIterations() || !a.measurementTime().equals(b.measurementTime())) {
                throw new InvalidOptionException("the workers of run '" + first.runId() + "' did not run the same plan: "
                        + first.dir() + " ran " + a.workload() + " " + a.variants() + " at " + a.threads() + " threads, "
                        + w.dir() + " ran " + b.workload() + " " + b.variants() + " at " + b.threads() + " threads");
            }
        }
        for (int i = 1; i < workers.size(); i++) {
            if (workers.get(i).index() == workers.get(i - 1).index()) {
                throw new InvalidOptionException("worker " + workers.get(i).index() + " is given twice: "
                        + workers.get(i - 1).dir() + " and " + workers.get(i).dir());
            }
        }
        return workers;
    }

    /** Workers of 0..N-1 without a directory, and workers whose run did not finish. */
    private static List<String> missingWorkers(List<Worker> workers) {
        List<String> missing = new ArrayList<>();
        int n = workers.get(0).count();
        for (int i = 0; i < n; i++) {
            int index = i;
            if (workers.stream().noneMatch(w -> w.index() == index)) {
                missing.add("worker " + i + " of " + n + " gave no result directory");
            }
        }
        for (Worker w : workers) {
            if (!w.journal().complete()) {
                // what it finished is merged: the gap is what came after (sweep 6, case 63)
                missing.add("worker " + w.index() + " (" + w.dir() + ") did not finish (" + w.journal().error().orElse("run incomplete")
                        + "): the iterations after its last finished one");
            }
        }
        return missing;
    }

    /**
     * The trials and iterations any worker finished, in the order they ran: the first worker's alone hid what the
     * others finished after it stopped, and the merge could not say what it took from each.
     */
    private static List<TrialRecord> allTrials(List<Worker> workers) {
        Map<List<Object>, List<IterationRecord>> iterations = new LinkedHashMap<>();
        Map<List<Object>, TrialRecord> trials = new LinkedHashMap<>();
        for (Worker w : workers) {
            for (TrialRecord t : w.journal().trials()) {
                List<Object> key = List.of(t.variant(), t.threads(), t.fork());
                trials.putIfAbsent(key, t);
                List<IterationRecord> its = iterations.computeIfAbsent(key, k -> new ArrayList<>());
                for (IterationRecord it : t.iterations()) {
                    if (its.stream().noneMatch(o -> o.warmup() == it.warmup() && o.index() == it.index())) {
                        its.add(it);
                    }
                }
            }
        }
        Comparator<IterationRecord> order = Comparator.comparing((IterationRecord it) -> !it.warmup())
                .thenComparingInt(IterationRecord::index);
        return trials.entrySet().stream().map(e -> {
            TrialRecord t = e.getValue();
            List<IterationRecord> its = new ArrayList<>(iterations.get(e.getKey()));
            its.sort(order);
            return new TrialRecord(t.variant(), t.variantParams(), t.server(), t.threads(), t.fork(), its);
        }).toList();
    }

    private static Optional<IterationRecord> find(Worker w, TrialRecord t, IterationRecord it) {
        return w.journal().trials().stream()
                .filter(o -> o.variant().equals(t.variant()) && o.threads() == t.threads() && o.fork() == t.fork())
                .flatMap(o -> o.iterations().stream())
                .filter(o -> o.warmup() == it.warmup() && o.index() == it.index())
                .findFirst();
    }

    /**
     * Why another worker has {@code it}, past the plan's {@code planned} iterations: it measured again, alone, one of its
     * own that was invalid (a stall), so the workers' iterations no longer line up (sweep 8: the refusal named only the
     * gap). Empty when none did.
     */
    private static String measuredAgain(List<Worker> workers, TrialRecord t, IterationRecord it, int planned) {
        if (it.warmup() || it.index() <= planned) {
            return "";
        }
        for (Worker o : workers) {
            Optional<TrialRecord> own = o.journal().trials().stream().filter(x -> x.variant().equals(t.variant())
                    && x.threads() == t.threads() && x.fork() == t.fork()).findFirst();
            if (own.isEmpty() || find(o, t, it).isEmpty()) {
                continue;
            }
            List<IterationRecord> invalid = own.get().iterations().stream().filter(x -> !x.warmup() && !x.valid()).toList();
            if (!invalid.isEmpty()) {
                // the n-th iteration past the plan measures again the n-th invalid one
                IterationRecord replaced = invalid.get(Math.min(it.index() - planned, invalid.size()) - 1);
                return ": worker " + o.index() + " measured it alone, in place of its iteration " + replaced.index()
                        + ", which was invalid (" + replaced.invalid() + "), so the workers' iterations no longer line up";
            }
        }
        return "";
    }

    /** An iteration a worker lacks; {@code note} says why where it is known. */
    private record Gap(Worker worker, TrialRecord trial, IterationRecord iteration, String note) {
        /**
         * One line a worker and trial: a worker killed early lacks every later iteration, which one line each made a
         * message of twenty clauses (sweep 10); a gap with its own note keeps its line.
         */
        static List<String> lines(List<Gap> gaps) {
            Map<List<Object>, List<Gap>> runs = new LinkedHashMap<>();
            for (Gap g : gaps) {
                List<Object> key = g.note().isEmpty()
                        ? List.of(g.worker().index(), g.trial(), g.iteration().warmup()) : List.of(g);
                runs.computeIfAbsent(key, k -> new ArrayList<>()).add(g);
            }
            return runs.values().stream().map(Gap::line).toList();
        }

        private static String line(List<Gap> same) {
            Gap first = same.get(0);
            String worker = "worker " + first.worker().index() + " (" + first.worker().dir() + ") has no ";
            if (same.size() == 1) {
                return worker + where(first.trial(), first.iteration()) + first.note();
            }
            List<Integer> indexes = same.stream().map(g -> g.iteration().index()).toList();
            boolean consecutive = indexes.get(indexes.size() - 1) - indexes.get(0) == indexes.size() - 1;
            String which = consecutive ? indexes.get(0) + " to " + indexes.get(indexes.size() - 1)
                    : String.join(", ", indexes.stream().map(String::valueOf).toList());
            TrialRecord t = first.trial();
            return worker + (first.iteration().warmup() ? "warmup " : "") + "iterations " + which + " of variant "
                    + t.variant() + " at " + t.threads() + " threads, fork " + t.fork();
        }
    }

    static String where(TrialRecord t, IterationRecord it) {
        return (it.warmup() ? "warmup " : "") + "iteration " + it.index() + " of variant " + t.variant() + " at "
                + t.threads() + " threads, fork " + t.fork();
    }

    /** One iteration of all workers: counts summed, latency from the added histograms, metrics as the class says. */
    private static IterationRecord iteration(IterationRecord like, List<IterationRecord> parts,
                                             List<LatencyIntervals.Iteration> latency, LatencyIntervals.Iteration added,
                                             java.util.Set<String> leftOut) {
        Histogram all = added.all();
        long duration = Math.round(parts.stream().mapToLong(IterationRecord::durationNanos).average().orElse(1));
        return new IterationRecord(like.index(), like.warmup(), Math.max(1, duration),
                sum(parts, IterationRecord::events), sum(parts, IterationRecord::errors), sum(parts, IterationRecord::reconnects),
                sum(parts, IterationRecord::reads), sum(parts, IterationRecord::writes), sum(parts, IterationRecord::others),
                millis(all.getValueAtPercentile(50)), millis(all.getValueAtPercentile(95)), millis(all.getValueAtPercentile(99)),
                millis(all.getMaxValue()), metrics(parts, latency.stream().map(LatencyIntervals.Iteration::kinds).toList(),
                        added.kinds(), leftOut),
                parts.stream().mapToLong(IterationRecord::startMillis).min().orElse(0),
                parts.stream().mapToLong(IterationRecord::endMillis).max().orElse(0),
                // one worker's stalled slice makes the merged slice invalid: its total is not what the target did
                String.join("; ", parts.stream().filter(p -> !p.valid()).map(IterationRecord::invalid).distinct().toList()));
    }

    /**
     * The workers' metrics of one iteration as the merged run's: client counts add up, a server's seen N times do not.
     * A kind of event's percentile ({@code latency.new_order.p99}) is that of {@code addedKinds}, the kind's latency of
     * all workers added up, when each worker that measured the kind logged its histogram ({@code kinds}, one map per
     * part); else it is left out and named in {@code leftOut}: the workers' percentiles averaged are no percentile.
     */
    static List<Metric> metrics(List<IterationRecord> parts, List<Map<String, Histogram>> kinds,
                                Map<String, Histogram> addedKinds, java.util.Set<String> leftOut) {
        Map<String, List<double[]>> byName = new TreeMap<>();     // name -> (value, queries, worker position)
        Map<String, Metric> like = new LinkedHashMap<>();
        long queries = 0;
        for (int p = 0; p < parts.size(); p++) {
            IterationRecord it = parts.get(p);
            long q = it.queries() > 0 ? it.queries() : it.events();
            queries += q;
            for (Metric m : it.metrics()) {
                like.putIfAbsent(m.name(), m);
                byName.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(new double[] {m.value(), q, p});
            }
        }
        List<Metric> merged = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : byName.entrySet()) {
            String name = e.getKey();
            List<double[]> v = e.getValue();
            Metric m = like.get(name);
            boolean client = name.startsWith("client.");
            double value;
            java.util.regex.Matcher kindLatency = KIND_LATENCY.matcher(name);
            if (kindLatency.matches() && byName.containsKey(KIND_TPS + kindLatency.group(1))) {
                String kind = kindLatency.group(1);
                boolean logged = v.stream().allMatch(x -> kinds.get((int) x[2]).containsKey(kind));
                if (!logged) {
                    leftOut.add(name);
                    continue;
                }
                value = millis(addedKinds.get(kind).getValueAtPercentile(Double.parseDouble(kindLatency.group(2))));
            } else if (name.endsWith(".per.query")) {
                // CPU time = value x own queries; the client's adds up over workers, the server's is one server seen N times
                double cpu = v.stream().mapToDouble(x -> x[0] * x[1]).sum();
                value = queries == 0 ? 0 : (client ? cpu : cpu / v.size()) / queries;
            } else if (client || name.startsWith(KIND_TPS)) {
                // a kind of event's rate (tps.hit) is each worker's own load, as the score is: the merged one is their sum
                value = v.stream().mapToDouble(x -> x[0]).sum();
                if (name.equals(StandardMetrics.CLIENT_CPU)) {
                    v.forEach(x -> merged.add(new Metric("client.cpu.worker-" + (int) x[2], x[0], m.unit(), m.aggregation())));
                }
            } else if (m.aggregation() == Aggregation.MAX) {
                value = v.stream().mapToDouble(x -> x[0]).max().orElse(0);
            } else {
                value = v.stream().mapToDouble(x -> x[0]).average().orElse(0);
            }
            merged.add(new Metric(name, value, m.unit(), m.aggregation()));
        }
        return merged;
    }

    /** The prefix of a kind of event's throughput, as the runner names it ({@code tps.new_order}). */
    private static final String KIND_TPS = "tps.";
    /** A kind of event's latency percentile, as the runner names it beside its {@code tps.KIND}: {@code latency.new_order.p99}. */
    private static final java.util.regex.Pattern KIND_LATENCY = java.util.regex.Pattern.compile("latency\\.(.+)\\.p(\\d+)");

    private static long sum(List<IterationRecord> parts, java.util.function.ToLongFunction<IterationRecord> f) {
        return parts.stream().mapToLong(f).sum();
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private static RunDescription withClients(RunDescription run, int clients) {
        Map<String, Map<String, String>> params = new LinkedHashMap<>();
        run.variantParams().forEach((label, p) -> {
            Map<String, String> withClients = new LinkedHashMap<>(p);
            withClients.put(CLIENTS, String.valueOf(clients));
            params.put(label, withClients);
        });
        return new RunDescription(run.workload(), run.workloadOptions(), run.variants(), params, run.threads(), run.forks(),
                run.warmupIterations(), run.warmupTime(), run.measurementIterations(), run.measurementTime(), run.maxEvents(),
                run.rate(), run.eventsPerThread());
    }

    private static void writeJournal(Path out, RunDescription run, List<TrialRecord> trials, List<String> missing) throws IOException {
        Files.deleteIfExists(out.resolve(Journal.FILE_NAME));
        try (Journal journal = Journal.open(out)) {
            journal.start(run);
            for (TrialRecord t : trials) {
                for (IterationRecord it : t.iterations()) {
                    journal.iteration(t, it);
                }
            }
            journal.end(missing.isEmpty(), missing.isEmpty() ? null : "merged without: " + String.join("; ", missing));
        }
    }

    private static Instant started(List<Worker> workers) {
        return workers.stream().map(w -> w.info().startedAt()).filter(s -> s != null).map(Instant::parse)
                .min(Comparator.naturalOrder()).orElse(null);
    }

    /**
     * The settings of the first worker that wrote run.json (worker 0's, unless it was killed), without the worker's own
     * role, plus where the merged run came from.
     */
    private static Map<String, String> settings(List<Worker> workers, List<String> missing) {
        Map<String, String> s = new LinkedHashMap<>(workers.stream().filter(Worker::described).findFirst()
                .orElse(workers.get(0)).info().settings());
        s.putIfAbsent("workload", workers.get(0).journal().run().workload());
        s.remove(WorkerRole.WORKER_SETTING);
        s.put(CLIENTS, String.valueOf(workers.get(0).count()));
        s.put("merged-from", String.join(",", workers.stream().map(w -> w.index() + "=" + w.dir()).toList()));
        if (!missing.isEmpty()) {
            s.put("merged-without", String.join("; ", missing));
        }
        return s;
    }

    /** A merge that would lack a worker's load: the one-line reasons, for a user who may pass --allow-missing. */
    public static final class IncompleteMergeException extends RuntimeException {
        private final List<String> missing;
        private final boolean measured;

        IncompleteMergeException(List<String> missing) {
            this("the merged total would lack load: " + String.join("; ", missing)
                    + " (--allow-missing merges the rest and says so in run.json)", missing, true);
        }

        IncompleteMergeException(String message, List<String> missing, boolean measured) {
            super(message);
            this.missing = List.copyOf(missing);
            this.measured = measured;
        }

        public List<String> missing() {
            return missing;
        }

        /** Whether some worker measured something, which --allow-missing would merge (false: nothing to merge at all). */
        public boolean measured() {
            return measured;
        }
    }
}
