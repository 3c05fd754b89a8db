package benchkit.core.run;

import benchkit.core.run.plan.Variant;
import benchkit.core.run.plan.WorkerRole;
import benchkit.core.run.plan.RunFailure;

import benchkit.core.run.plan.RunPlan;

import benchkit.core.run.console.ConsoleStyle;
import benchkit.core.run.console.RunConsole;
import benchkit.core.run.load.ServerExit;
import benchkit.core.run.load.StartBarrier;
import benchkit.core.run.load.Trial;
import benchkit.core.run.results.ResultDirectory;
import benchkit.core.run.results.ResultFiles;
import benchkit.core.run.results.ResultLock;
import benchkit.core.run.results.ResultSpace;
import benchkit.core.run.servers.OpenFiles;
import benchkit.core.run.servers.PreparedData;
import benchkit.core.run.servers.RunningServer;
import benchkit.core.util.SlowCall;

import benchkit.launch.LoadProgress;
import benchkit.core.report.Compare;
import benchkit.core.stats.SequentialDesign;
import benchkit.core.report.Comparison;
import benchkit.core.report.EffectSummary;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.report.ReportSettings;
import benchkit.core.report.Study;
import benchkit.core.report.MachineNoise;
import benchkit.core.result.JmhResults;
import benchkit.core.result.Journal;
import benchkit.core.result.RunDescription;
import benchkit.core.result.VariantResult;
import benchkit.core.result.TrialRecord;
import benchkit.spi.Collector;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.IterationInfo;
import benchkit.spi.PrepareContext;
import benchkit.spi.ServerHandle;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import benchkit.spi.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * Runs a {@link RunPlan} JMH-style: forks × variants (rotated per fork) × thread counts, each
 * trial with warmup and measurement iterations under continuous load, and writes the result
 * directory ({@code jmh-result.json}, {@code results.csv}, {@code journal.jsonl}). A failure ends
 * the run but keeps what finished; the summary then says it is incomplete and why.
 *
 * <p>The caller owns the workload: the runner prepares it when {@code isPrepared} says so, but
 * never calls {@code cleanup} or {@code close}.
 */
public final class Runner {
    /**
     * How a run accepts invalid iterations, as its failure line ends: words for whoever re-runs it, which a command that
     * quotes the line without re-running (bench history add) leaves out.
     */
    public static final String ALLOW_INVALID_REMEDY = "; --allow-invalid accepts them (allowInvalid() in the Java API)";
    private final RunPlan plan;
    private final Workload workload;
    private final Supplier<List<Collector>> collectors;
    /** The collectors' classes that ran, for the jars they came from in the run's record. */
    private final java.util.Set<Class<?>> ranClasses = new java.util.LinkedHashSet<>();
    private final RunConsole console;
    private final PreparedData data;
    private Compare.Settings verdicts = Compare.Settings.DEFAULT;
    private Optional<String> baseline = Optional.empty();
    private Optional<Study> study = Optional.empty();
    /** The run's invalid iterations, said in run.json and the report. */
    private List<String> invalid = List.of();
    /** How many of them were made up for by an iteration measured again. */
    private int measuredAgain;
    private Runnable whenMeasured = () -> { };
    private Supplier<Optional<String>> whenSignalled = Optional::empty;
    /** Set when this process is one of several workers loading one target; null for a run of its own. */
    private StartBarrier barrier;
    /** The run's JMH entries once written: a command's combined results join them. */
    private List<JmhResults.Entry> entries = List.of();
    /** Set for a run until settled: decides after each fork whether another is needed. */
    private SettleWatch settle;

    public Runner(RunPlan plan, Workload workload, Supplier<List<Collector>> collectors, PrintStream out) {
        this(plan, workload, collectors, out, ConsoleStyle.DEFAULT);
    }

    /** A runner printing in {@code style} (e.g. another tool's report after each trial). */
    public Runner(RunPlan plan, Workload workload, Supplier<List<Collector>> collectors, PrintStream out,
                  ConsoleStyle style) {
        this.plan = Objects.requireNonNull(plan, "plan");
        this.workload = Objects.requireNonNull(workload, "workload");
        this.collectors = Objects.requireNonNull(collectors, "collectors");
        this.console = Objects.requireNonNull(style, "style").open(Objects.requireNonNull(out, "out"));
        this.data = new PreparedData(plan, console);
    }

    /**
     * How the run's closing summary estimates and judges each variant's effect against the baseline
     * (the first variant unless {@code baseline} names one).
     */
    public Runner verdicts(Compare.Settings settings, Optional<String> baseline) {
        this.verdicts = Objects.requireNonNull(settings, "settings");
        this.baseline = Objects.requireNonNull(baseline, "baseline");
        return this;
    }

    /** Puts a published study's findings beside this run's in its report ({@code --study}). */
    public Runner beside(Study published) {
        this.study = Optional.of(published);
        return this;
    }

    /**
     * Runs as one worker of several loading one target: every trial's load starts when all workers have reached
     * {@code barrier}, and only worker 0 prepares the data (the others meet it at the first barrier, after).
     */
    public Runner asWorker(StartBarrier barrier) {
        this.barrier = Objects.requireNonNull(barrier, "barrier");
        return this;
    }

    /** Runs {@code then} once the run has finished its first measured iteration (and written it to its journal). */
    public Runner whenMeasured(Runnable then) {
        this.whenMeasured = Objects.requireNonNull(then, "then");
        return this;
    }

    /**
     * Runs {@code then} when a signal stopped the run, once its files are written and before the JVM may exit (after
     * the run, the command's own code may not get to run): a line it returns is said on standard error.
     */
    public Runner whenSignalled(Supplier<Optional<String>> then) {
        this.whenSignalled = Objects.requireNonNull(then, "then");
        return this;
    }

    /** After {@link #run()} of a run until settled: the looks its verdicts were judged with. */
    public Optional<SequentialDesign> looks() {
        return settle == null ? Optional.empty() : settle.design();
    }

    /** After {@link #run()} of a run until settled: the forks it took and the comparisons still open when it stopped. */
    /** The JMH entries of the finished run, for the combined results of several workloads. */
    List<JmhResults.Entry> entries() {
        return entries;
    }

    public Optional<SettleOutcome> settleOutcome() {
        return settle == null ? Optional.empty() : Optional.of(SettleOutcome.of(settle.forksRun(), settle.open()));
    }

    /** Runs the plan, writes the result directory and returns the summary. */
    public RunSummary run() throws Exception {
        OpenFiles.check(plan, OpenFiles.limit());       // before anything is made: a refused run leaves nothing
        try (ResultLock lock = ResultLock.take(plan.outDir(), "the result directory")) {
            return run(lock);
        }
    }

    private RunSummary run(ResultLock lock) throws Exception {
        ResultDirectory.requireFresh(lock, plan.outDir(), "the result directory");
        OpenFiles.warning(plan, OpenFiles.limit()).ifPresent(console::warning);
        Path dir = prepareOutDir(plan.outDir());
        ResultSpace.check(dir, plan);
        Instant started = Instant.now();
        RunDescription description = describe(plan, plan.forks());
        settle = plan.untilSettled() ? new SettleWatch(plan, description, baseline, verdicts, console) : null;
        List<TrialRecord> trials = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        boolean interrupted = false;
        InvalidOptionException refused = null;
        String completed = null;
        SignalGuard guard = SignalGuard.install(Thread.currentThread());
        try (Journal journal = plan.resultFiles() ? Journal.open(dir) : Journal.none()) {
            journal.whenMeasured(whenMeasured);
            try {
                // a worker's role in its start line: killed before run.json, its journal still says whose it is
                journal.start(description, barrier == null ? Map.of() : Map.of(WorkerRole.WORKER_SETTING,
                        barrier.role().label(), WorkerRole.RUN_ID_SETTING, barrier.role().runId()));
            } catch (IOException e) {
                throw new IOException("could not write " + Journal.FILE_NAME + " in " + dir + ": " + RunFailure.ioMessage(e), e);
            }
            console.runStart(plan);
            workload.notes().forEach(line -> console.note("# Note: " + line));
            try {
                runAll(journal, trials, failures);
                finishRun(failures);
            } catch (InterruptedException e) {
                interrupted = true;
                failures.add(guard.signalled() ? interruptedBy(guard.signal(), trials) : "run interrupted");
            } catch (InvalidOptionException e) {
                if (trials.stream().allMatch(t -> t.iterations().isEmpty())) {
                    // the target as given cannot be used (another run measures the tables its prepare would drop):
                    // bad input, before anything was measured or changed; nothing of this run is kept
                    if (barrier != null) {
                        barrier.abandon(e.getMessage());
                    }
                    refused = e;
                } else {
                    failures.add(RunFailure.describe(e));
                }
            } catch (RuntimeException e) {
                // A plugin broke its contract; still write what finished.
                failures.add("unexpected " + e.getClass().getSimpleName() + ": " + RunFailure.describe(e));
            } catch (OutOfMemoryError e) {
                // what the failed allocation held is gone by now: the finished iterations are still written
                failures.add("out of memory (" + e.getMessage() + ", " + Runtime.getRuntime().maxMemory() / (1 << 20)
                        + " MB of heap): give bench more (BENCH_JAVA_OPTS=-Xmx2g, or java -Xmx2g -jar bench.jar) or fewer threads");
            }
            if (refused != null) {
                // its journal's start is no run: the same --out serves again
                journal.close();
                Files.deleteIfExists(dir.resolve(Journal.FILE_NAME));
                throw refused;
            }
            if (guard.signalled() && failures.stream().noneMatch(f -> f.startsWith("interrupted by"))) {
                // the signal's shutdown hooks stop the servers too: what the run then saw (a server that exited) is
                // the signal's doing, which comes first
                failures.add(0, interruptedBy(guard.signal(), trials));
            }
            invalid = invalidIterations(trials);
            if (!invalid.isEmpty()) {
                int unreplaced = trials.stream().mapToInt(t -> t.unreplaced(plan.measurementIterations())).sum();
                long warmups = trials.stream().flatMap(t -> t.invalid().stream()).filter(benchkit.core.result.IterationRecord::warmup).count();
                int replaced = (int) (invalid.size() - warmups - unreplaced);
                measuredAgain = replaced;
                console.warning("# " + countOf(invalid.size(), "iteration") + " invalid, left out of the scores"
                        + (replaced > 0 ? " (" + replaced + " of them measured again)" : "") + ":");
                invalid.forEach(line -> console.warning("#   " + line));
                // a warmup measures nothing, and an invalid measurement measured again is made up for: neither fails the run
                if (unreplaced > 0 && !plan.allowInvalid() && console.measuresAgain()) {
                    List<String> measured = invalid.stream().filter(line -> !line.contains(", warmup iteration ")).toList();
                    failures.add(countOf(unreplaced, "measurement iteration") + " invalid and not made up for by "
                            + "measuring again (" + measured.get(0) + (measured.size() > 1 ? "; ..." : "")
                            + "), left out of the scores" + ALLOW_INVALID_REMEDY);
                }
            }
            if (barrier != null && !failures.isEmpty()) {
                barrier.abandon(failures.get(0));
            }
            if (settle != null) {
                // judged, here and in the report, with the looks the run made; the files say how many forks ran
                settle.design().ifPresent(d -> verdicts = verdicts.withSequential(d));
                description = describe(plan, Math.max(1, settle.forksRun()));
            }
            List<JmhResults.Entry> entries = JmhResults.build(description, trials);
            List<VariantResult> results = JmhResults.results(entries);
            writeResults(dir, entries, results, started, failures);
            String failure = failures.isEmpty() ? null : String.join("; ", failures);
            try {
                journal.end(failure == null, failure);
            } catch (IOException e) {
                String lost = "could not write the end of " + Journal.FILE_NAME + ": " + RunFailure.ioMessage(e);
                failure = failure == null ? lost : failure + "; " + lost;
            }
            if (barrier != null && !guard.signalled()) {
                barrier.leave(plan.workload());
            }
            if (failure != null && plan.resultFiles()) {
                // the files not written (a full disk) are not lost: the journal's iterations become them later
                failure += ResultFiles.rebuiltFromJournal(dir).map(h -> "; " + h).orElse("");
            }
            console.runEnd(plan, failure, results, results.isEmpty() ? List.of() : effects(results), dir);
            if (failure == null && plan.resultFiles()) {
                completed = "the run completed, and " + dir + " holds all of it (its journal's end line says complete)";
            }
            return new RunSummary(dir, failure == null, Optional.ofNullable(failure), results, invalid);
        } finally {
            data.close();
            if (guard.signalled()) {
                whenSignalled.get().ifPresent(line -> System.err.println("bench: " + line));
            }
            guard.finished(completed);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The workload's own end of the run (a script's done()), before the journal's end: its failure is the run's, as a
     * session's that failed to close (thread_done()) is, so the exit code, the journal and bench history agree.
     */
    private void finishRun(List<String> failures) throws InterruptedException {
        try {
            // on a thread of its own: a done() in a loop is said while the run waits, and Ctrl-C still ends the run
            new SlowCall<Void>("bench-finish-run").start(() -> {
                workload.finishRun();
                return null;
            }).await(SlowCall.SAY_EVERY, (step, seconds) -> "# the workload's end of the run (a script's done()) has not"
                    + " returned after " + seconds + " s; Ctrl-C stops the run", console::warning);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            String failure = "workload " + plan.workload() + ": finishing the run failed: " + RunFailure.describe(e);
            failures.add(failure);
            console.failure("# " + failure);
        }
    }

    /** Each invalid iteration, where it was and why, e.g. {@code glibc, 8 threads, fork 1, iteration 3: no event ...}. */
    private static List<String> invalidIterations(List<TrialRecord> trials) {
        List<String> lines = new ArrayList<>();
        for (TrialRecord t : trials) {
            for (var it : t.invalid()) {
                lines.add(t.variant() + ", " + t.threads() + " threads, fork " + t.fork() + ", "
                        + (it.warmup() ? "warmup " : "") + "iteration " + it.index() + ": " + it.invalid());
            }
        }
        return lines;
    }

    /**
     * The run's failure when a signal stopped it: what was kept, when the run keeps files, or that there was nothing to
     * keep (a signal in the prepare or the warm-up: "results so far are kept" promised what was not there, sweep 9).
     */
    private String interruptedBy(String signal, List<TrialRecord> trials) {
        boolean measured = trials.stream().flatMap(t -> t.iterations().stream()).anyMatch(i -> !i.warmup());
        return "interrupted by " + signal + (!plan.resultFiles() ? "" : measured ? "; results so far are kept"
                : " before any measurement iteration finished: run the benchmark again");
    }

    private static String countOf(int n, String thing) {
        return n + " " + thing + (n == 1 ? "" : "s");
    }

    private void writeResults(Path dir, List<JmhResults.Entry> entries, List<VariantResult> results, Instant started,
                              List<String> failures) {
        this.entries = entries;
        if (!plan.resultFiles()) {
            return;      // printed, kept nowhere (nor are the machine's facts gathered for run.json)
        }
        Map<String, String> settings = runSettings();
        if (!failures.isEmpty()) {
            settings.put(RunInfo.INCOMPLETE, String.join("; ", failures));
        }
        failures.addAll(ResultFiles.write(RunRecord.of(dir, plan.workload(), entries, RunInfo.endingNow(started, settings)),
                new ReportSettings(verdicts, baseline, study), console::warning));
    }

    /** Each variant's effect against the baseline, the answer the run was for: the lines that say it. */
    private List<String> effects(List<VariantResult> results) {
        try {
            List<Comparison> comparisons = Compare.againstBaseline(results, baseline, verdicts);
            List<String> lines = new ArrayList<>(EffectSummary.lines(comparisons));
            if (!lines.isEmpty()) {
                lines.addAll(MachineNoise.lines(results, comparisons));
                lines.add(0, "");
            }
            return lines;
        } catch (IllegalArgumentException e) {
            return List.of("# Effects: " + e.getMessage());
        }
    }


    /** One variant's server in one fork, with what the trials need to know of it. */

    /**
     * Every fork. A fork starts one server per variant, side by side, and for each thread count runs
     * their iterations as interleaved time slices (see {@link Interleaving}), so that what a shared
     * machine does over minutes hits every variant alike. A variant that fails (its server died, a
     * session broke) is reported and the others still run, unless the plan says fail fast or the
     * journal can no longer be written.
     */
    private void runAll(Journal journal, List<TrialRecord> trials, List<String> failures) throws InterruptedException {
        for (int fork = 1; fork <= plan.forks(); fork++) {
            if (settle != null) {
                settle.forkStarts();
            }
            List<RunningServer> instances = new ArrayList<>();
            try {
                for (Variant variant : plan.variantOrder(fork)) {
                    try {
                        instances.add(startInstance(variant, fork));
                    } catch (RunFailure f) {
                        if (stopAfter(f, variant, fork, journal, failures)) {
                            return;
                        }
                    }
                }
                if (barrier != null && !instances.isEmpty() && !meet("fork " + fork + " (its data prepared)", "ready-f" + fork, failures)) {
                    return;
                }
                for (int threads : plan.threads()) {
                    if (instances.isEmpty()) {
                        break;
                    }
                    if (settle != null && settle.settled(threads)) {
                        continue;
                    }
                    if (!runThreads(instances, threads, fork, journal, trials, failures)) {
                        return;
                    }
                }
            } finally {
                instances.forEach(this::stopServer);
            }
            if (settle != null && settle.stopAfter(fork, trials)) {
                return;
            }
        }
    }

    /** Meets the other workers at {@code point}; false (the failure recorded) when the run must stop. */
    private boolean meet(String what, String point, List<String> failures) throws InterruptedException {
        try {
            long start = barrier.await(plan.workload() + "-" + point, plan.workload() + " at " + what);
            console.note("# All " + barrier.role().count() + " workers are here; " + what + " starts at "
                    + java.time.Instant.ofEpochMilli(start));
            return true;
        } catch (RunFailure f) {
            failures.add(f.getMessage());
            console.failure("# " + f.getMessage());
            return false;
        }
    }

    /** Records a variant's failure; true when the whole run must stop. */
    private boolean stopAfter(RunFailure f, Variant variant, int fork, Journal journal, List<String> failures) {
        // the server log lines that explain it are shown here, once; the summary and the files keep the one-line reason
        failures.add(f.getMessage().lines().findFirst().orElse(""));
        console.failure("# Variant " + variant.label() + " failed (fork " + fork + "): " + f.getMessage());
        if (plan.stackTraces() && f.getCause() != null) {
            java.io.StringWriter trace = new java.io.StringWriter();
            f.getCause().printStackTrace(new java.io.PrintWriter(trace));
            trace.toString().lines().forEach(line -> console.failure("    " + line));
        }
        if (journal.failed()) {
            // Results can no longer be kept (e.g. the disk is full): running on would only waste time.
            console.failure("# Stopping: " + Journal.FILE_NAME + " can no longer be written");
            return true;
        }
        // a worker that goes on without its failed trial would meet the others at the wrong start: it stops, and says so
        return plan.failFast() || barrier != null;
    }

    /**
     * One thread count on every instance of a fork: opens each one's trial, runs the slices in
     * interleaved order, closes the trials. A failed instance is stopped and left out of the rest of the
     * fork. False when the whole run must stop.
     */
    private boolean runThreads(List<RunningServer> instances, int threads, int fork, Journal journal,
                               List<TrialRecord> trials, List<String> failures) throws InterruptedException {
        boolean interleaved = instances.size() > 1;
        Map<RunningServer, Trial> open = new LinkedHashMap<>();
        boolean stop = false;
        try {
            for (RunningServer instance : List.copyOf(instances)) {
                Trial trial = trial(instance, threads, fork, journal, interleaved);
                try {
                    trial.open();
                    open.put(instance, trial);
                } catch (RunFailure f) {
                    stop |= fail(instance, trial, f, instances, trials, journal, failures, fork);
                }
            }
            if (barrier != null && !open.isEmpty() && !meet(threads + " threads, fork " + fork, "t" + threads + "-f" + fork, failures)) {
                return false;
            }
            List<Interleaving.Slice<RunningServer>> slices = Interleaving.slices(new ArrayList<>(open.keySet()),
                    plan.warmupIterations(), plan.measurementIterations(), Interleaving.seed(fork, threads));
            for (int i = 0; i < slices.size() && !stop; i++) {
                Interleaving.Slice<RunningServer> slice = slices.get(i);
                Trial trial = open.get(slice.instance());
                if (trial == null || trial.limitReached()) {
                    continue;
                }
                boolean sameNext = i + 1 < slices.size() && slices.get(i + 1).instance() == slice.instance();
                IterationInfo it = new IterationInfo(slice.index(), slice.warmup(),
                        (slice.warmup() ? plan.warmupTime() : plan.measurementTime()).toNanos() / 1e9);
                try {
                    trial.iteration(it, sameNext);
                } catch (RunFailure f) {
                    open.remove(slice.instance());
                    stop |= fail(slice.instance(), trial, f, instances, trials, journal, failures, fork);
                }
            }
            for (Map.Entry<RunningServer, Trial> e : open.entrySet()) {
                Optional<RunFailure> none = stop ? Optional.empty() : e.getValue().limitEndedWarmup();
                if (none.isPresent()) {
                    stop = stopAfter(none.get(), e.getKey().variant(), fork, journal, failures);
                }
            }
            if (!stop) {
                stop = measureAgain(open, instances, fork, journal, trials, failures);
            }
        } catch (InterruptedException e) {
            // Ctrl-C or SIGTERM: a session stuck in its event must not hold up the end (sweep 7, case 73)
            open.values().forEach(Trial::stopping);
            throw e;
        } finally {
            InterruptedException stopped = null;
            for (Map.Entry<RunningServer, Trial> e : open.entrySet()) {
                try {
                    if (stopped != null) {
                        e.getValue().stopping();    // Ctrl-C came while a trial closed: the others wait no longer
                    }
                    e.getValue().close();
                } catch (RunFailure f) {
                    stop |= stopAfter(f, e.getKey().variant(), fork, journal, failures);
                } catch (InterruptedException i) {
                    stopped = i;
                } finally {
                    keep(e.getValue(), trials);
                }
            }
            if (stopped != null) {
                throw stopped;
            }
        }
        return !stop;
    }

    /**
     * Measures again, in place of each measurement iteration a disturbance made invalid (a stalled server, bench held
     * up), one more iteration of the same trial, up to as many more as were planned: a disturbance costs time, not the
     * run. Not when the console's style says otherwise (a tool's line that runs for its --time as the tool's does), nor
     * under an event limit. True when the whole run must stop.
     */
    private boolean measureAgain(Map<RunningServer, Trial> open, List<RunningServer> instances, int fork, Journal journal,
                                 List<TrialRecord> trials, List<String> failures) throws InterruptedException {
        if (!console.measuresAgain()) {
            return false;
        }
        int planned = plan.measurementIterations();
        Map<RunningServer, Integer> extra = new LinkedHashMap<>();
        while (true) {
            List<RunningServer> due = open.entrySet().stream()
                    .filter(e -> !e.getValue().limitReached() && e.getValue().resumable()
                            && e.getValue().missingMeasurements(planned) > 0
                            && extra.getOrDefault(e.getKey(), 0) < planned)
                    .map(Map.Entry::getKey).toList();
            if (due.isEmpty()) {
                return false;
            }
            for (RunningServer instance : due) {
                Trial trial = open.get(instance);
                int index = planned + extra.merge(instance, 1, Integer::sum);
                console.note("# Measuring again: " + instance.variant().label() + ", iteration " + index
                        + ", in place of an invalid one");
                try {
                    trial.iteration(new IterationInfo(index, false, plan.measurementTime().toNanos() / 1e9), false);
                } catch (RunFailure f) {
                    open.remove(instance);
                    if (fail(instance, trial, f, instances, trials, journal, failures, fork)) {
                        return true;
                    }
                }
            }
        }
    }

    /** A trial failed: keeps what it finished, stops its instance for the rest of the fork; true when the run must stop. */
    private boolean fail(RunningServer instance, Trial trial, RunFailure f, List<RunningServer> instances, List<TrialRecord> trials,
                         Journal journal, List<String> failures, int fork) throws InterruptedException {
        try {
            trial.close();
        } catch (RunFailure ignored) {
            // the first failure is the one to report
        } finally {
            keep(trial, trials);
        }
        instances.remove(instance);
        stopServer(instance);
        return stopAfter(f, instance.variant(), fork, journal, failures);
    }

    /** Keeps a closed trial's finished iterations; called once per trial. */
    private static void keep(Trial trial, List<TrialRecord> trials) {
        if (!trial.finished().isEmpty()) {
            trials.add(trial.record());
        }
    }

    private Trial trial(RunningServer instance, int threads, int fork, Journal journal, boolean interleaved) {
        ServerHandle server = instance.server();
        Target target = server.target();
        OptionalLong pid = server.pid() < 0 ? OptionalLong.empty() : OptionalLong.of(server.pid());
        TrialInfo info = new TrialInfo(plan.workload(), instance.variant().label(), threads, fork, target, pid);
        console.trialStart(plan, instance.variant().label(), instance.serverName(), threads, fork,
                settle == null ? plan.forks() : settle.design().map(SequentialDesign::maxForks).orElse(plan.forks()));
        List<Collector> trialCollectors = collectors.get();
        if (trialCollectors != null) {
            trialCollectors.forEach(c -> ranClasses.add(c.getClass()));
        }
        return new Trial(plan, workload, instance, info, trialCollectors == null ? List.of() : trialCollectors, console,
                journal, interleaved);
    }

    /** Starts and prepares one variant's server for a fork. */
    private RunningServer startInstance(Variant variant, int fork) throws RunFailure, InterruptedException {
        ServerHandle server;
        try {
            server = data.start(variant);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            // "start or reach": a variant's server may be one bench launches or the user's own
            throw new RunFailure("could not start or reach the server of variant " + variant.label() + " (fork " + fork
                    + "): " + RunFailure.describeWithDetails(e), e);
        }
        if (server == null) {
            throw new RunFailure("could not start the server of variant " + variant.label() + " (fork " + fork
                    + "): its provider returned no server", null);
        }
        RunningServer started = new RunningServer(variant, server, "");
        try {
            Target target = server.target();
            variant = withAllocatorProof(variant, server);
            prepare(variant, server, target);
            variant = data.afterPrepare(variant, server);
            return new RunningServer(variant, server, target.product() + " " + target.version());
        } catch (RunFailure | InterruptedException | RuntimeException e) {
            stopServer(started);
            throw e;
        }
    }

    private void stopServer(RunningServer instance) {
        try {
            instance.server().close();
        } catch (RuntimeException e) {
            console.warning("# Warning: stopping the server of variant " + instance.variant().label() + " failed: "
                    + RunFailure.describe(e));
        }
    }

    private void prepare(Variant variant, ServerHandle server, Target target) throws RunFailure, InterruptedException {
        if (!plan.preparesData()) {
            return;
        }
        if (barrier != null && !barrier.role().prepares()) {
            console.note("# Worker " + barrier.role().label() + ": worker 0 prepares the data (before the first start)");
            return;
        }
        try {
            if (!workload.isPrepared(target)) {
                console.note("# Preparing " + plan.workload() + " on variant " + variant.label()
                        + " with " + plan.maxThreads() + " threads");
                LoadProgress progress = console.prepareProgress();
                try {
                    workload.prepare(target, new PrepareContext() {
                        @Override
                        public int threads() {
                            return plan.maxThreads();
                        }

                        @Override
                        public void progress(String unit, long done, long total) {
                            progress.progress(unit, done, total);
                        }
                    });
                } finally {
                    progress.close();
                }
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (InvalidOptionException e) {
            throw e;        // the workload refused as given (another run uses its tables): bad input, before any change
        } catch (Exception e) {
            // a server killed mid-prepare is named as in a measurement (killed by SIGKILL), not by the lost connection
            String why = RunFailure.describe(e);
            if (ServerExit.exited(server)) {
                String how = ServerExit.howItEnded(server, console);
                why = "server exited" + (how.isEmpty() ? ": " + why : how);
            }
            throw new RunFailure("workload " + plan.workload() + ": prepare failed on variant " + variant.label()
                    + ": " + why, e);
        }
    }

    /** Records what proves the allocator (e.g. the preloaded library mapped in the server) with the results. */
    private static Variant withAllocatorProof(Variant variant, ServerHandle server) {
        Map<String, String> params = new LinkedHashMap<>(variant.params());
        params.put("allocator.proof", server.allocatorLoaded());
        return variant.withParams(params);
    }

    /** The plan's settings plus how the data was had (prepared, or copied from a snapshot). */
    private Map<String, String> runSettings() {
        Map<String, String> settings = settings(plan);
        workload.provenance().forEach((name, value) -> settings.put("source." + name, value));
        List<Class<?>> classes = new java.util.ArrayList<>(List.of(workload.getClass()));
        benchkit.core.annotated.AnnotatedWorkloads.userClass(workload).ifPresent(classes::add);
        classes.addAll(ranClasses);
        settings.putAll(benchkit.core.plugin.PluginJars.provenance(classes));
        settings.putAll(data.settings());
        settings.putAll(verdicts.runSettings(baseline));
        if (settle != null) {
            settings.putAll(settleOutcome().orElseThrow().settings(plan.settleBudget()));
        }
        if (!invalid.isEmpty()) {
            settings.put(RunInfo.INVALID, String.join("\n", invalid));
            settings.put(RunInfo.MEASURED_AGAIN, Integer.toString(measuredAgain));
        }
        if (barrier != null) {
            settings.put(WorkerRole.WORKER_SETTING, barrier.role().label());
            settings.put(WorkerRole.RUN_ID_SETTING, barrier.role().runId());
        }
        return settings;
    }

    private static Map<String, String> settings(RunPlan plan) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("workload", plan.workload());
        s.put("variants", plan.variants().stream().map(Variant::label).collect(Collectors.joining(",")));
        s.put("threads", plan.threads().stream().map(String::valueOf).collect(Collectors.joining(",")));
        s.put("forks", String.valueOf(plan.forks()));
        s.put("client-threads", plan.clientThreads().resolve().label());
        s.put("interleaving", plan.variants().size() > 1
                ? "variants side by side in each fork, iterations in shuffled rounds" : "one variant");
        s.put("warmup", plan.warmupIterations() + " x " + plan.warmupTime().toMillis() / 1000.0 + " s");
        s.put("measurement", plan.measurementIterations() + " x " + plan.measurementTime().toMillis() / 1000.0 + " s");
        if (plan.rate() > 0) {
            s.put("rate", plan.rate() + " events/s");
        }
        if (plan.maxEvents() > 0) {
            s.put("events", String.valueOf(plan.maxEvents()));
        }
        s.put("stall-limit", plan.stallLimit().isZero() ? "off" : plan.stallLimit().toMillis() / 1000.0 + " s");
        if (plan.eventsPerThread() > 0) {
            s.put("events-per-thread", String.valueOf(plan.eventsPerThread()));
        }
        plan.workloadOptions().forEach((k, v) -> s.put("workload." + k, v));
        return s;
    }

    private static RunDescription describe(RunPlan plan, int forks) {
        return new RunDescription(plan.workload(), plan.workloadOptions(),
                plan.variants().stream().map(Variant::label).toList(),
                plan.variants().stream().collect(java.util.stream.Collectors.toMap(Variant::label, Variant::params,
                        (a, b) -> a, java.util.LinkedHashMap::new)),
                plan.threads(), forks,
                plan.warmupIterations(), plan.warmupTime(), plan.measurementIterations(), plan.measurementTime(),
                plan.maxEvents(), plan.rate(), plan.eventsPerThread());
    }

    /**
     * Creates the result directory and proves it writable before any server starts; an unusable
     * directory is bad input (exit 2), like any other bad option value.
     */
    public static Path prepareOutDir(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-test", ".tmp");
            Files.delete(probe);
            return dir;
        } catch (IOException e) {
            throw new InvalidOptionException("cannot write the result directory " + dir + ": " + RunFailure.ioMessage(e));
        } catch (SecurityException e) {
            throw new InvalidOptionException("cannot write the result directory " + dir + ": " + RunFailure.describe(e));
        }
    }
}
