package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.plan.ClientThreads;
import benchkit.core.run.plan.Defaults;
import benchkit.core.run.RunOptions;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.report.Compare;
import benchkit.core.report.Study;
import benchkit.core.run.console.ConsoleStyle;
import benchkit.sysbench.console.SysbenchFormat;
import benchkit.sysbench.console.SysbenchHeader;
import benchkit.launch.PrivateTempDir;
import benchkit.core.run.Experiment;
import benchkit.launch.Rendezvous;
import benchkit.core.run.load.StartBarrier;
import benchkit.core.run.plan.WorkerRole;
import benchkit.core.run.Runner;
import benchkit.core.run.plan.Variant;
import benchkit.memcached.kv.MemslapLines;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The options and work of a benchmark run, shared by {@code bench run} and by {@code bench} alone:
 * sweep client threads over each variant, with warmup, iterations and forks.
 */
abstract class RunCommand extends WorkloadCommand {
    @Option(names = {"--threads", "-t"}, paramLabel = "N[,N...]", split = ",",
            description = "Client thread counts to sweep (default ${DEFAULT-VALUE}).", defaultValue = "" + Defaults.THREADS)
    List<Integer> threads = new ArrayList<>();

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "" + Defaults.ITERATION_SECONDS,
            description = "Duration of each measurement iteration (default ${DEFAULT-VALUE}; "
                    + Defaults.SETTLE_ITERATION_SECONDS + " until settled).")
    double time;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "" + Defaults.ITERATIONS,
            description = "Measurement iterations per trial (default ${DEFAULT-VALUE}; " + Defaults.SETTLE_ITERATIONS
                    + " until settled).")
    int iterations;

    @Option(names = "--warmup-time", paramLabel = "SECONDS", defaultValue = "" + Defaults.WARMUP_SECONDS,
            description = "Duration of each warmup iteration (default ${DEFAULT-VALUE}; " + Defaults.SETTLE_WARMUP_SECONDS
                    + " until settled).")
    double warmupTime;

    @Option(names = "--warmup-iterations", paramLabel = "N", defaultValue = "" + Defaults.WARMUP_ITERATIONS,
            description = "Warmup iterations per trial (default ${DEFAULT-VALUE}).")
    int warmupIterations;

    @Option(names = "--forks", paramLabel = "N",
            description = "Forks: each a fresh server per variant, the variants side by side, and fresh sessions; "
                    + "the replicates of every comparison. Variants compared run until settled unless --forks is given "
                    + "(then it is the most forks with --until-settled or --budget); --budget off: "
                    + Defaults.COMPARISON_FORKS + "; one variant: " + Defaults.FORKS + ".")
    Integer forks;

    @Option(names = "--until-settled",
            description = "Add forks until every variant's primary score against the baseline is settled (a difference beyond "
                    + "--min-effect, or the same within it), within --budget; then --forks is the most forks. Each look's "
                    + "interval is a repeated confidence interval, valid whichever fork the run stops at. The default when "
                    + "variants are compared with neither --forks nor --events (one process, --method forks-t).")
    boolean untilSettled;

    @Option(names = "--budget", paramLabel = "TIME",
            description = "Wall-clock time a run --until-settled may take, e.g. 6m, 90s or 1h (default "
                    + Defaults.SETTLE_BUDGET_MINUTES + "m); implies --until-settled. off: a fixed number of forks (--forks, "
                    + Defaults.COMPARISON_FORKS + " when variants are compared), over the default or a study file's budget.")
    String budget;

    @Option(names = "--report-interval", paramLabel = "SECONDS", defaultValue = "" + Defaults.REPORT_INTERVAL_SECONDS,
            description = "Print a sysbench-style progress line this often; 0 = off (default ${DEFAULT-VALUE}).")
    double reportInterval;

    @Option(names = "--rate", paramLabel = "EVENTS/S", defaultValue = "0",
            description = "Open-loop target rate over all threads; latency counts from the intended start. 0 = as fast as possible.")
    double rate;

    @Option(names = "--events", paramLabel = "N", defaultValue = "0",
            description = "Stop a trial after N events; 0 = no limit.")
    long events;

    @Option(names = "--collectors", paramLabel = "NAME", split = ",",
            description = "Collectors to run (default: those enabled by default, see 'bench list').")
    List<String> collectors;

    @Option(names = "--profile", paramLabel = "cpu|none", defaultValue = "none",
            description = "cpu: sample the server's on-CPU stacks with perf during measurement iterations; the results "
                    + "say where its CPU went (allocator, locks, kernel) and <out>/profiles holds folded stacks "
                    + "(default ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--client-threads", paramLabel = "KIND", defaultValue = "auto",
            description = "What runs the sessions: platform (one OS thread each), virtual (Java 21+; platform on older JVMs), "
                    + "loop (event loops, one thread per 32 sessions; needs sessions that can be polled, e.g. --driver wire) "
                    + "or auto (loop where the sessions can be polled, as the OLTP workloads' by default, else platform; "
                    + "default ${DEFAULT-VALUE}). The server sees one connection per session either way.")
    String clientThreads;

    @Option(names = "--fail-fast", description = "Stop the whole run when one variant fails (default: go on with the next).")
    boolean failFast;

    @Option(names = "--stall-limit", paramLabel = "SECONDS", defaultValue = "" + Defaults.STALL_LIMIT_SECONDS,
            description = "An iteration in which no event finished for this long (a stalled server), bench ran this late "
                    + "(a paused client) or that overran its slot by this much is invalid: reported, left out of the "
                    + "scores, and the run exits 1 (default ${DEFAULT-VALUE}; 0 = no check).")
    double stallLimit;

    @Option(names = "--allow-invalid", description = "Exit 0 even when iterations were invalid (they are still reported "
            + "and left out of the scores).")
    boolean allowInvalid;

    @Mixin
    ConsoleOptions console = new ConsoleOptions();

    @Option(names = "--percentile", paramLabel = "N", defaultValue = "95",
            description = "Latency percentile of the progress lines and the sysbench report, as sysbench's "
                    + "(1-100; 0 = off; default ${DEFAULT-VALUE}).")
    int percentile;

    @Option(names = "--histogram", paramLabel = "on|off", arity = "0..1", fallbackValue = "on", defaultValue = "off",
            description = "With --format sysbench: print sysbench's latency histogram before each report (default "
                    + "${DEFAULT-VALUE}).")
    String histogram;

    @Option(names = "--report-checkpoints", paramLabel = "SECONDS[,SECONDS...]", split = ",",
            description = "With --format sysbench, one measurement and no warmup: print sysbench's full report at these "
                    + "seconds from the start, each over the events since the one before, as sysbench's; the final report "
                    + "then covers the rest.")
    List<Integer> reportCheckpoints = new ArrayList<>();

    @Option(names = "--collect", paramLabel = "NAME:VALUE",
            description = "Add a collector with options, e.g. status:Innodb_buffer_pool_reads (repeatable).")
    List<String> collect = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Result directory (default bench-results/<timestamp>-<workload>); one that holds an earlier "
                    + "run is refused unless --force.")
    Path out;

    @Option(names = "--force", description = "Replace an earlier run's result files in --out (only bench's own files).")
    boolean force;

    @Option(names = "--no-result-files", description = "Print the results and keep no files of them: the run's journal "
            + "lives in a private temporary directory while it runs (a quick try; a sysbench line without --out).")
    boolean noResultFiles;

    @Option(names = "--history", paramLabel = "FILE|JDBC-URL",
            description = "Store the run in this history after it ends (bench history; an SQLite file or a "
                    + "jdbc:mariadb:// or jdbc:postgresql:// URL, its password in BENCHKIT_HISTORY_PASSWORD); a failed run"
                    + " is not stored.")
    String history;

    @Option(names = "--label", paramLabel = "NAME=VALUE",
            description = "With --history: a label the run is stored with, e.g. commit=abc123 (repeatable).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--study", paramLabel = "FILE",
            description = "A study file (examples/studies/) whose published findings the report puts beside the ones "
                    + "measured here; --experiment sets it for a file with a \"study\" block.")
    Path study;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Mixin
    VerdictOptions verdicts = new VerdictOptions();

    @Mixin
    WorkerOptions workers = new WorkerOptions();

    @Mixin
    ClientOptions clientOptions = new ClientOptions();

    /** The variants to run; {@code bench calibrate} runs each as several replicas. */
    List<Variant> variants(PluginRegistry registry) {
        return Variants.of(registry, server);
    }

    /** Called after every workload ran, with the result directory of each (calibrate reads them). */
    void afterRuns(Map<String, Path> resultDirs) throws IOException {
    }

    @Override
    public Integer call() throws Exception {
        if (!Main.SYSBENCH.equals(System.getProperty(Main.CALLED_AS))) {
            // a stop before the run's own guard says nothing was measured (sysbench's line says nothing, as sysbench)
            benchkit.core.run.SignalGuard.sayStopsBeforeTheRun();
        }
        checkThreads(threads);
        clientThreads();                    // a bad --client-threads fails before any server starts
        CpuProfiling.requireLaunched(profile, server.isExternal(), "the server of --mysql-host/--mysql-port/--mysql-socket");
        Optional<String> profileScope = CpuProfiling.scope(profile, spec.commandLine().getErr());
        console.check(List.of("jmh", "sysbench", "memslap"));
        ConsoleStyle consoleStyle = consoleStyle(console, percentile, histogram);
        if (!reportCheckpoints.isEmpty()) {
            consoleStyle = withCheckpoints(consoleStyle, reportCheckpoints, warmupIterations, iterations);
        }
        console.banner();
        PluginRegistry registry = Plugins.load(spec.commandLine().getErr(), plugins);
        List<String> names = workload.requireWorkloads(registry.workloads().keySet());
        Optional<WorkerRole> role = workers.role();
        workers.requireWorkersFor(clientOptions.clients != null);
        clientOptions.check(spec.commandLine().getParseResult());
        Map<String, String> given = WorkloadOptions.workloadOptions(workloadArgs);
        Compare.Settings verdictSettings = verdicts.settings();    // Experiment adds the workloads' baselines
        Duration settleBudget = settleBudget();
        if (!settleBudget.isZero() && (role.isPresent() || clientOptions.clients != null)) {
            throw new UsageException("--until-settled decides in one process when to stop: not with --clients or --worker");
        }
        if (!settleBudget.isZero() && verdictSettings.method() != benchkit.core.stats.EffectMethod.FORKS_T) {
            throw new UsageException("--until-settled judges with --method forks-t (its repeated intervals), not "
                    + verdictSettings.method().cliName());
        }
        Map<String, String> historyLabels = HistoryCommand.labels(labels);
        if (history == null && !labels.isEmpty()) {
            throw new UsageException("--label names a run in a history: give --history too");
        }
        if (history != null) {
            if (noResultFiles) {
                throw new UsageException("--history stores the run's result files, which --no-result-files does not keep:"
                        + " drop one of them");
            }
            if (role.isPresent()) {
                // one worker's part is not the run a trend judges; the merged run is
                throw new UsageException("--history with --worker would store one worker's part as a whole run; drop --history"
                        + " and store the merged run: bench merge WORKER-DIRS... --out DIR, then bench history add DIR");
            }
            try (var opened = HistoryCommand.open(history, true)) {
                // a store that cannot be opened is bad input, said before anything starts
            }
        }
        Path outDir = out;
        if (out != null && role.isEmpty() && out.toString().contains("{worker}")) {
            // else a directory literally named so (sweep 10, case N67)
            throw new UsageException("--out " + out + ": '{worker}' becomes the worker's index only with --worker I/N;"
                    + " give --worker, or name the directory without '{worker}'");
        }
        if (noResultFiles) {
            if (out != null || role.isPresent() || clientOptions.clients != null) {
                throw new UsageException("--no-result-files keeps nothing, where --out, --clients and --worker keep results: "
                        + "give one");
            }
            Path kept = PrivateTempDir.create(Path.of(System.getProperty("java.io.tmpdir")), "bench-run-");
            outDir = kept;
            // removed however the command ends: its result, a failure, or Ctrl-C
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    PrivateTempDir.deleteRecursively(kept);
                } catch (java.io.IOException e) {
                    // a temporary directory left behind fails nothing
                }
            }, "bench-no-result-files"));
        }
        if (out != null && role.isPresent()) {
            outDir = Path.of(out.toString().replace("{worker}", String.valueOf(role.get().index())));
        }
        if (!console.sysbenchLine()) {
            // a sysbench line runs on empty tables as sysbench does; bench's own would measure nothing
            for (String name : names) {
                registry.workload(name).measuresNothing(given).ifPresent(why -> {
                    throw new UsageException(why);
                });
            }
        }
        for (String name : names) {
            WorkloadFactory factory = registry.workload(name);
            // --mysql-* name a MySQL server: a memcached workload would log in there as a MySQL client and fail
            // with the server's "Access denied", which says nothing of what was missing
            if (factory.protocol().equals("memcached") && server.isExternal() && namedServer(factory, given).isEmpty()) {
                throw new UsageException("workload " + name + " speaks memcached, and --mysql-host/--mysql-port/"
                        + "--mysql-socket name a MySQL server: give the memcached to load with --memcached-servers "
                        + "HOST:PORT, or --server memcached to launch one");
            }
        }
        Optional<Study> published = clientOptions.clients != null ? Optional.empty() : readStudy(study);
        Experiment.Builder experiment = Experiment.builder(registry, names).options(given)
                .variants(variants(registry), "--server")
                .runOptions(runOptions())
                .outDir(outDir, force, "--out")
                .collectors(plan -> Collectors.supplier(registry, collectors, collect, CpuProfiling.dir(plan.outDir()), profileScope))
                .console(System.out, consoleStyle)
                .verdicts(verdictSettings, verdicts.baseline())
                .beside(published);
        if (role.isPresent()) {
            CoordinatorWatch.startFromEnvironment();
            experiment.asWorker(new Experiment.Workers() {
                @Override
                public Rendezvous meet(WorkloadFactory factory, Workload w) throws IOException {
                    return workers.rendezvous(factory.protocol(), server, w.namedServer());
                }

                @Override
                public StartBarrier barrier(Rendezvous meeting) {
                    return workers.barrier(role.get(), meeting);
                }
            });
        }
        if (server.isExternal() && !console.sysbenchLine()) {
            Variants.requireLogin(server);            // a sysbench line's refused login ends as sysbench's (below)
        }
        Experiment checked = experiment.build();     // every workload, plan and server checked before any starts
        try {
            CpuProfiling.requireLaunched(profile, checked.plans().values());
            if (clientOptions.clients != null) {
                benchkit.core.run.SignalGuard.runSpeaksForStops();       // the coordinator's lines say what a stop left
                return coordinate(registry, names, given, checked.outDir(), role);
            }
            if (server.isExternal() && console.sysbenchLine()) {
                // sysbench's lines for a server that is not there come before the run, where sysbench prints them; the
                // Runner then reaches the server again (one more connection to a server that is there)
                RunPlan first = checked.plans().values().iterator().next();
                int threads = first.threads().get(0);
                List<String> header = SysbenchHeader.lines(first, threads, ((SysbenchFormat) consoleStyle).checkpoints());
                SysbenchConnectFailure.Reached reached = SysbenchConnectFailure.reach(console, "run", threads, header,
                        () -> first.variants().get(0).server().start());
                if (reached.exit().isPresent()) {
                    return reached.exit().getAsInt();
                }
                try (ServerHandle handle = reached.handle()) {
                    OptionalInt missing = SysbenchMissingTables.whenMissing(console, threads, given, handle.target(),
                            header, System.out);
                    if (missing.isPresent()) {
                        return missing.getAsInt();
                    }
                }
            }
            ClientCpus.pin(server.clientCpus);
            Optional<ServerLauncher.DefaultServer> defaultServer = registry.defaultLauncher().flatMap(ServerLauncher::defaultServer);
            if (server.usesDefaultServer() && defaultServer.isPresent() && checked.plans().values().stream()
                    .flatMap(p -> p.variants().stream())
                    .anyMatch(v -> defaultServer.get().distribution().equals(v.params().get("distribution")))
                    && console.benchLines()) {
                System.out.println(defaultServer.get().note());
            }

            Map<String, Path> resultDirs = new LinkedHashMap<>();
            checked.plans().forEach((name, plan) -> resultDirs.put(name, plan.outDir()));
            HistoryStep stored = history == null ? null : new HistoryStep(history, resultDirs.values(), historyLabels);
            if (stored != null) {
                benchkit.core.run.SignalGuard.sequel(stored);      // a signal after the run's end says what became of it
            }
            try {
                return runAndStore(registry, checked, resultDirs, stored);
            } finally {
                benchkit.core.run.SignalGuard.sequelEnded();
            }
        } finally {
            // the earlier run --force replaces goes only once this one has measured; else it is put back
            checked.settleReplaced().ifPresent(line -> spec.commandLine().getErr().println("bench: " + line));
            spec.commandLine().getErr().flush();
        }
    }

    /** Runs the experiment and, with --history, stores it when it succeeded: the command's exit code. */
    private int runAndStore(PluginRegistry registry, Experiment checked, Map<String, Path> resultDirs, HistoryStep stored)
            throws Exception {
        Experiment.Outcome outcome = checked.run();
        afterRuns(resultDirs);
        if (console.format.equals("memslap")) {
            Map<String, List<MemslapLines.Score>> scores = new LinkedHashMap<>();
            outcome.summaries().forEach((name, summary) -> scores.put(name, summary.scores().stream()
                    .map(s -> new MemslapLines.Score(s.variant(), s.threads(), s.primary().score())).toList()));
            long executeNumber = checked.plans().values().iterator().next().eventsPerThread();
            MemslapLines.print(scores, registry::workload, executeNumber, iterations * time, System.out);
        }
        for (String failure : console.sysbench() ? List.<String>of() : outcome.failures()) {     // sysbench's console said FATAL
            spec.commandLine().getErr().println("bench: error: " + failure);
        }
        if (stored != null) {
            if (outcome.failures().isEmpty()) {        // a trend holds valid runs only
                stored.store();
            } else {
                spec.commandLine().getErr().println("bench: the run failed, so it is not stored in " + history);
            }
        }
        spec.commandLine().getErr().flush();
        return outcome.failures().isEmpty() ? 0 : Cli.EXIT_FAILURE;
    }

    /** The server the workload's own options name ({@link Workload#namedServer()}). */
    private static Optional<Target> namedServer(WorkloadFactory factory, Map<String, String> given) throws Exception {
        try (Workload w = PluginRegistry.create(factory, given)) {
            return w.namedServer();
        }
    }

    /** {@code --clients N}: the workers run this command; here they are started, awaited and merged. */
    private int coordinate(PluginRegistry registry, List<String> names, Map<String, String> given, Path outDir,
                           Optional<WorkerRole> role) throws Exception {
        if (clientOptions.clients < 1 || clientOptions.clients > 1000) {
            throw new UsageException("--clients " + clientOptions.clients + " is not valid; expected 1 to 1000 workers");
        }
        if (role.isPresent()) {
            throw new UsageException("--clients starts the workers itself: give --clients or --worker, not both");
        }
        if (server.mysqlPassword != null) {
            // the user who put it in an experiment file typed no --mysql-password: name where it came from
            ExperimentFile.Expansion x = Cli.experiment();
            String typed = x.fromFile("mysql-password") ? "the \"mysql-password\" of --experiment " + x.file()
                    : "--mysql-password";
            throw new UsageException("--clients hands the password to the workers only through " + ServerOptions.PASSWORD_ENV
                    + ": set it there instead of " + typed);
        }
        if (names.size() > 1) {
            throw new UsageException("--clients runs one workload at a time: give one --workload");
        }
        WorkloadFactory first = registry.workload(names.get(0));
        Optional<Target> target = namedServer(first, given);
        WorkerOptions.requireSharedTarget(first.protocol(), server, target);
        Optional<Study> published = readStudy(study);
        if (published.isPresent()) {
            published.get().writeTo(Runner.prepareOutDir(outDir));       // beside the merged results, not the workers'
        }
        // a worker that ended is written where the others wait for it (the target), opened only then
        ClientEngine.Lost lost = new ClientEngine.Lost() {
            @Override
            public void ended(String runId, int index, String how) {
                try (Rendezvous meeting = workers.rendezvous(first.protocol(), server, target)) {
                    StartBarrier.ended(meeting, runId, index, how);
                } catch (IOException | RuntimeException e) {
                    System.out.println("# Could not tell the other workers that worker " + index + " ended (" + how + "): "
                            + benchkit.core.run.plan.RunFailure.describe(e) + "; they wait for it up to the --barrier-timeout");
                }
            }

            @Override
            public void forget(String runId) {
                try (Rendezvous meeting = workers.rendezvous(first.protocol(), server, target)) {
                    StartBarrier.forget(meeting, runId);
                } catch (IOException | RuntimeException e) {
                    System.out.println("# Could not remove the workers' meeting place from the target ("
                            + benchkit.core.run.plan.RunFailure.describe(e) + "): DROP TABLE " + benchkit.launcher.mysql.SqlRendezvous.TABLE
                            + " in its database removes it when no run is using it");
                }
            }
        };
        return ClientWorkers.run(clientOptions, spec.commandLine().getParseResult().originalArgs(), outDir, lost);
    }

    /** The study a run repeats, read and checked before any server starts. */
    static Optional<Study> readStudy(Path file) {
        if (file == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Study.fromExperiment(file));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--study " + e.getMessage());
        } catch (IOException e) {
            throw new UsageException("--study " + file + " cannot be read: " + benchkit.core.run.plan.RunFailure.ioMessage(e)
                    + "; name an experiment file with a \"study\" block");
        }
    }

    /** The run options of every workload's plan, made once from the command line (typed ones over the defaults). */
    RunOptions runOptions() {
        checkLimits();
        RunOptions.Builder plan = RunOptions.builder();
        plan.threads(threads)
                .reportInterval(reportInterval())
                .maxEvents(events).rate(rate).failFast(failFast).clientThreads(clientThreads())
                .stallLimit(seconds("--stall-limit", stallLimit, true))
                .allowInvalid(allowInvalid).stackTraces(Cli.showsStackTraces())
                // sysbench's run never prepares the tables of the user's server; the servers bench launches it prepares
                .preparesData(!(console.sysbenchLine() && server.isExternal()))
                .resultFiles(!noResultFiles);
        if (budget != null || untilSettled || fixedForksOnly()) {
            plan.untilSettled(settleBudget());  // else RunOptions' default: until settled when variants are compared
        }
        if (forks != null) {
            plan.forks(forks);
        }
        // the slices typed, or RunOptions' defaults (its own short ones for a run until settled)
        if (typed("--warmup-time") || typed("--warmup-iterations")) {
            plan.warmup(warmupIterations, seconds("--warmup-time", warmupTime, true));
        }
        if (typed("--time") || typed("--iterations")) {
            plan.measure(iterations, measurementTime(time));
        }
        return plan.build();
    }

    /**
     * {@code --report-interval}. sysbench keeps it in an unsigned int: a sysbench line's negative whole number N is
     * 2^32 + N seconds, no report in any run, and its header shows N (SysbenchHeader).
     */
    private Duration reportInterval() {
        if (reportInterval == 0) {
            return Duration.ZERO;
        }
        if (console.sysbenchLine() && reportInterval < 0 && reportInterval >= Integer.MIN_VALUE
                && reportInterval == Math.rint(reportInterval)) {
            return Duration.ofSeconds(Integer.toUnsignedLong((int) reportInterval));
        }
        return seconds("--report-interval", reportInterval, false);
    }

    /** {@code --report-checkpoints}: sysbench's reports inside its one measurement, so a line that has one. */
    static ConsoleStyle withCheckpoints(ConsoleStyle console, List<Integer> checkpoints, int warmups, int measurements) {
        String given = "--report-checkpoints=" + String.join(",", checkpoints.stream().map(String::valueOf).toList());
        if (!(console instanceof SysbenchFormat sysbench)) {
            throw new UsageException(given + " prints sysbench's report: add --format sysbench");
        }
        if (warmups != 0 || measurements != 1) {
            throw new UsageException(given + " splits sysbench's one measurement: give --warmup-iterations 0 --iterations 1");
        }
        try {
            return sysbench.withCheckpoints(checkpoints);
        } catch (IllegalArgumentException e) {
            throw new UsageException(given + " is not valid; expected " + CHECKPOINTS);
        }
    }

    /** {@code --format}, {@code --verbosity}, {@code --percentile} and {@code --histogram}, checked as sysbench checks them. */
    static ConsoleStyle consoleStyle(ConsoleOptions console, int percentile, String histogram) {
        if (percentile < 0 || percentile > 100) {
            throw new UsageException("--percentile=" + percentile + " is not valid; expected " + PERCENTILES);
        }
        boolean withHistogram = switch (histogram.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "on", "true", "1" -> true;
            case "off", "false", "0" -> false;
            default -> throw new UsageException("--histogram=" + histogram + " is not valid; expected on or off");
        };
        if (withHistogram && !console.sysbench()) {
            throw new UsageException("--histogram is printed with sysbench's report: add --format sysbench");
        }
        if (withHistogram && percentile == 0) {
            throw new UsageException("--histogram cannot be used with --percentile=0 (as in sysbench)");
        }
        return console.sysbench() ? new SysbenchFormat(percentile, withHistogram, console.verbosity)
                : new ConsoleStyle.Jmh(percentile);
    }

    private ClientThreads clientThreads() {
        try {
            return ClientThreads.parse(clientThreads);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--client-threads=" + clientThreads + " is not valid; expected auto, platform, virtual or loop");
        }
    }

    static void checkThreads(List<Integer> threads) {
        try {
            RunPlan.requireThreadCounts(threads);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Whether {@code option} was given (typed, or from a study file) rather than left at its default. */
    private boolean typed(String option) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(option);
    }

    /**
     * Runs that cannot stop early, so that compared variants get the fixed forks by default: several processes
     * (--clients, --worker) decide nothing alone, and only forks-t has the repeated intervals.
     */
    private boolean fixedForksOnly() {
        return workers.role().isPresent() || clientOptions.clients != null
                || verdicts.settings().method() != benchkit.core.stats.EffectMethod.FORKS_T;
    }

    /** {@code --budget} (or {@code --until-settled} alone: the default budget); zero for a fixed number of forks. */
    Duration settleBudget() {
        if (budget == null) {
            return untilSettled ? Defaults.settleBudget() : Duration.ZERO;
        }
        if (budget.strip().equalsIgnoreCase("off")) {
            // typed over a study file's budget: its fixed forks instead
            if (untilSettled) {
                throw new UsageException("--until-settled needs a budget; --budget off asks for a fixed number of forks");
            }
            return Duration.ZERO;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(s|m|min|h)?")
                .matcher(budget.strip().toLowerCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--budget=" + budget + " is not valid; expected a time such as 6m, 90s or 1h");
        }
        double unit = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "m", "min" -> 60;
            case "h" -> 3600;
            default -> 1;
        };
        double secs = Double.parseDouble(m.group(1)) * unit;
        if (secs < 1) {
            throw new UsageException("--budget=" + budget + " is not valid; expected at least 1 s");
        }
        return seconds("--budget", secs, false);
    }

    /** {@code --time}: a positive number of seconds, and no fewer than an iteration needs to measure anything. */
    static Duration measurementTime(double time) {
        Duration d = seconds("--time", time, false);
        if (time < Defaults.MIN_ITERATION_SECONDS) {
            throw new UsageException("--time=" + time + " is too short to measure; expected at least "
                    + Defaults.MIN_ITERATION_SECONDS + " s (the server's CPU and memory are sampled once a second)");
        }
        return d;
    }

    /** What --report-checkpoints takes, as its refusals say it (and a value that is no number, Cli.badValue). */
    static final String CHECKPOINTS = "ascending whole seconds from 1 (e.g. 10,20)";
    /** What --percentile takes, likewise. */
    static final String PERCENTILES = "1 to 100, or 0 for none";

    /** The longest time any option takes, a week: a longer slot, timeout or budget is a typo (1e9 s is 31 years). */
    static final long MAX_SECONDS = 7 * 24 * 3600;
    /** The fastest --rate: an event a nanosecond, the schedule's resolution. */
    static final double MAX_RATE = 1e9;

    /** A time option's seconds, from 0 when {@code zeroAllowed} (else above 0) up to {@link #MAX_SECONDS}. */
    static Duration seconds(String option, double value, boolean zeroAllowed) {
        if (Double.isNaN(value) || value < 0 || (!zeroAllowed && value == 0) || value > MAX_SECONDS) {
            throw new UsageException(option + "=" + value + " is not valid; expected " + secondsRange(zeroAllowed));
        }
        return Duration.ofNanos((long) (value * 1e9));
    }

    /** e.g. {@code more than 0 and at most 604800 seconds (7 days)}. */
    static String secondsRange(boolean zeroAllowed) {
        return (zeroAllowed ? "0 to " : "more than 0 and at most ") + MAX_SECONDS + " seconds (7 days)";
    }

    /** --events and --rate, each named with its range (core's checks name the Java API's terms). */
    private void checkLimits() {
        if (events < 0) {
            throw new UsageException("--events=" + events + " is not valid; expected 0 (no limit) or more events per trial");
        }
        if (!(rate >= 0 && rate <= MAX_RATE)) {
            throw new UsageException("--rate=" + typedValue("--rate", rate) + " is not valid; expected 0 (as fast as "
                    + "possible) to " + String.format(java.util.Locale.ROOT, "%.0f", MAX_RATE) + " events/s");
        }
    }

    /** What was given for {@code option} as typed (1e400, where the parsed double says Infinity), else {@code parsed}. */
    private String typedValue(String option, Object parsed) {
        CommandLine.ParseResult p = spec.commandLine().getParseResult();
        CommandLine.Model.OptionSpec o = p == null ? null : p.matchedOption(option);
        return o == null || o.stringValues().isEmpty() ? String.valueOf(parsed) : o.stringValues().get(o.stringValues().size() - 1);
    }
}
