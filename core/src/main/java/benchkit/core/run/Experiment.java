package benchkit.core.run;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.core.run.console.ConsoleStyle;
import benchkit.core.run.load.StartBarrier;
import benchkit.core.run.results.ReplacedRun;
import benchkit.core.run.results.ResultDirectory;
import benchkit.core.run.results.ResultFiles;
import benchkit.core.run.results.ResultSpace;
import benchkit.core.run.plan.ServerProvider;

import benchkit.launch.Rendezvous;
import benchkit.core.plugin.PluginRegistry;
import benchkit.core.report.Compare;
import benchkit.core.report.EffectSummary;
import benchkit.core.report.ReportSettings;
import benchkit.core.result.JmhResults;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.report.Study;
import benchkit.core.stats.SequentialDesign;
import benchkit.spi.Collector;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;
import benchkit.spi.ServerLauncher;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One command's run, the one entry point of {@code bench run} and of the Java API ({@code BenchmarkRun}): one or more
 * workloads, one after the other, each against the variants whose servers speak its protocol (or the server its own
 * options name), with the same run settings. {@link Builder#build()} checks all of it before any server starts — the
 * workloads and their options, every plan, the baseline, the space for results, the servers — and {@link #run()}
 * runs each workload's {@link Runner}; for several workloads it also writes their combined results.
 */
public final class Experiment {
    private final Builder given;
    private final Path outDir;
    private final Map<String, RunPlan> plans;
    private final ReplacedRun replaced;

    /** How the workers of one run in several processes meet, per workload ({@code bench run --worker}). */
    public interface Workers {
        /** The store this workload's workers meet at, closed when its run ends. */
        Rendezvous meet(WorkloadFactory factory, Workload workload) throws IOException;

        StartBarrier barrier(Rendezvous meeting);
    }

    /**
     * What the run left.
     *
     * @param summaries each workload's run, in order; a workload an interrupt stopped before has none
     * @param failures  each failed workload's one-line failure, and combined results that could not be written
     */
    public record Outcome(Map<String, RunSummary> summaries, List<String> failures) {
        public Outcome {
            summaries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(summaries));
            failures = List.copyOf(failures);
        }
    }

    private Experiment(Builder given, Path outDir, Map<String, RunPlan> plans, ReplacedRun replaced) {
        this.given = given;
        this.outDir = outDir;
        this.plans = plans;
        this.replaced = replaced;
    }

    /**
     * To call when the command ends, whatever ended it: the earlier run --force replaces goes if the new run measured,
     * else comes back. Returns the line that says it was kept; empty when nothing was replaced, or it was for good.
     */
    public Optional<String> settleReplaced() {
        return replaced.settle();
    }

    /** The checked plan of each workload, in run order. */
    public Map<String, RunPlan> plans() {
        return plans;
    }

    /** Where the results go: the run's directory, which holds a subdirectory per workload when there are several. */
    public Path outDir() {
        return outDir;
    }

    public static Builder builder(PluginRegistry registry, List<String> workloads) {
        return new Builder(registry, workloads);
    }

    public static final class Builder {
        private final PluginRegistry registry;
        private final List<String> workloads;
        private Map<String, String> options = Map.of();
        private List<Variant> variants = List.of();
        private String serverOption = "server";
        private RunOptions runOptions = RunOptions.builder().build();
        private Path outDir;
        private Path resultsUnder = Path.of("bench-results");
        private boolean replace;
        private String outOption = "outDir";
        private Function<RunPlan, Supplier<List<Collector>>> collectors;
        private PrintStream out = System.out;
        private ConsoleStyle style = ConsoleStyle.DEFAULT;
        private Compare.Settings verdicts = Compare.Settings.DEFAULT;
        private Optional<String> baseline = Optional.empty();
        private Optional<Study> study = Optional.empty();
        private Workers workers;

        private Builder(PluginRegistry registry, List<String> workloads) {
            this.registry = Objects.requireNonNull(registry, "registry");
            this.workloads = List.copyOf(workloads);
            this.collectors = plan -> () -> registry.defaultCollectors().stream().map(f -> f.create(Map.of())).toList();
        }

        /** The workload options as given (each workload takes its own and checks them). */
        public Builder options(Map<String, String> given) {
            this.options = Map.copyOf(given);
            return this;
        }

        /**
         * The variants to compare; each workload runs against those whose servers speak its protocol.
         *
         * @param option how the user named the servers, for the message when none fits, e.g. {@code --server}
         */
        public Builder variants(List<Variant> all, String option) {
            this.variants = List.copyOf(all);
            this.serverOption = option;
            return this;
        }

        /** The run options every workload's plan gets (threads, slices, forks, limits). */
        public Builder runOptions(RunOptions options) {
            this.runOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * The result directory; null: a new one under {@link #resultsUnder}. One that holds an earlier run is
         * refused unless {@code replace}.
         *
         * @param option how the user named it, for messages, e.g. {@code --out}
         */
        public Builder outDir(Path dir, boolean replace, String option) {
            this.outDir = dir;
            this.replace = replace;
            this.outOption = option;
            return this;
        }

        /** Where a run without an {@link #outDir} gets its own {@code <timestamp>-<workloads>} directory. */
        public Builder resultsUnder(Path base) {
            this.resultsUnder = base;
            return this;
        }

        /** The collectors of each workload's run (default: the registry's default collectors). */
        public Builder collectors(Function<RunPlan, Supplier<List<Collector>>> perPlan) {
            this.collectors = Objects.requireNonNull(perPlan, "perPlan");
            return this;
        }

        public Builder console(PrintStream out, ConsoleStyle style) {
            this.out = Objects.requireNonNull(out, "out");
            this.style = Objects.requireNonNull(style, "style");
            return this;
        }

        /** How the effects are judged, against which variant ({@code --baseline}: checked to name one). */
        public Builder verdicts(Compare.Settings settings, Optional<String> baselineVariant) {
            this.verdicts = settings.withBaselineWorkloads(registry.baselineWorkloads());
            this.baseline = baselineVariant;
            return this;
        }

        /** The published study the run repeats: its findings go beside the results. */
        public Builder beside(Optional<Study> published) {
            this.study = published;
            return this;
        }

        /** This process is one of several workers loading one target. */
        public Builder asWorker(Workers meeting) {
            this.workers = meeting;
            return this;
        }

        /**
         * Checks everything before any server starts.
         *
         * @throws InvalidOptionException naming the first thing that is not valid, in one line
         */
        public Experiment build() throws Exception {
            if (workloads.isEmpty()) {
                throw new InvalidOptionException("no workload given; valid: " + String.join(", ", registry.workloads().keySet()));
            }
            // a script file given by path (./tpcc.lua) is known by its factory's name from here on, files included
            List<String> workloads = this.workloads.stream().map(n -> registry.workload(n).name()).distinct().toList();
            Path dir = outDir != null ? outDir : ResultDirectory.unique(resultsUnder.resolve(
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + String.join("+", workloads)));
            try {
                return build(workloads, dir);
            } catch (Exception | Error e) {
                if (outDir == null) {
                    // the default directory was made to reserve its name: a refused run leaves nothing
                    try {
                        Files.deleteIfExists(dir);
                    } catch (java.io.IOException notEmpty) {
                        // not empty: not only ours
                    }
                }
                throw e;
            }
        }

        private Experiment build(List<String> workloads, Path dir) throws Exception {
            ReplacedRun replaced = ResultDirectory.requireFresh(dir, replace, outOption);
            try {
                return build(workloads, dir, replaced);
            } catch (Exception | Error e) {
                replaced.settle();       // refused: the earlier run comes back as it was, nothing new was written
                throw e;
            }
        }

        private Experiment build(List<String> workloads, Path dir, ReplacedRun replaced) throws Exception {
            Map<String, RunPlan> plans = new LinkedHashMap<>();
            for (String name : workloads) {
                WorkloadFactory factory = registry.workload(name);
                Map<String, String> effective = OptionValues.parse(name, factory.options(), options).asMap();
                Optional<Target> named;
                long eventsPerThread;
                try (Workload w = PluginRegistry.create(factory, options)) {
                    named = w.namedServer();
                    eventsPerThread = w.eventsPerThread();
                }
                plans.put(name, plan(name, effective, eventsPerThread, fitting(factory, name, named),
                        workloads.size() == 1 ? dir : dir.resolve(name)));
            }
            requireBaseline(plans.values());
            for (RunPlan plan : plans.values()) {
                ResultSpace.check(plan.outDir(), plan);
            }
            // servers too: names, paths, settings, and distributions to obtain, before anything is written
            Variant.checkServers(plans.values().stream().flatMap(p -> p.variants().stream()).toList());
            return new Experiment(copy(), dir, plans, replaced);
        }

        /** What the built experiment runs with: later calls on this builder do not change a checked experiment. */
        private Builder copy() {
            Builder c = new Builder(registry, workloads);
            c.options = options;
            c.variants = variants;
            c.serverOption = serverOption;
            c.runOptions = runOptions;
            c.outDir = outDir;
            c.resultsUnder = resultsUnder;
            c.replace = replace;
            c.outOption = outOption;
            c.collectors = collectors;
            c.out = out;
            c.style = style;
            c.verdicts = verdicts;
            c.baseline = baseline;
            c.study = study;
            c.workers = workers;
            return c;
        }

        /** The server the workload's own options name, else the variants that speak its protocol; none is bad input. */
        private List<Variant> fitting(WorkloadFactory factory, String name, Optional<Target> named) {
            if (named.isPresent()) {
                return List.of(new Variant("external", Map.of("distribution", "external"), ServerProvider.unowned(named.get())));
            }
            String protocol = factory.protocol();
            List<Variant> fitting = variants.stream().filter(v -> v.serves(protocol)).toList();
            if (fitting.isEmpty()) {
                List<String> speaking = registry.launchers().values().stream()
                        .filter(l -> l.protocol().equals(protocol)).map(ServerLauncher::name).sorted().toList();
                throw new InvalidOptionException("workload " + name + " speaks " + protocol + " but no " + serverOption
                        + " does" + (speaking.isEmpty() ? "" : " (servers that do: " + String.join(", ", speaking) + ")"));
            }
            return fitting;
        }

        private RunPlan plan(String name, Map<String, String> effective, long eventsPerThread, List<Variant> fitting,
                             Path dir) {
            try {
                return runOptions.plan(name, effective, eventsPerThread, fitting, dir);
            } catch (InvalidOptionException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException(e.getMessage());
            }
        }

        /** A baseline that names no variant of any workload is bad input now, not a line after the whole run. */
        private void requireBaseline(java.util.Collection<RunPlan> plans) {
            if (baseline.isEmpty()) {
                return;
            }
            List<Variant> all = plans.stream().flatMap(p -> p.variants().stream()).toList();
            if (all.stream().noneMatch(v -> Compare.selects(baseline.get(), v.label(), v.params()))) {
                throw new InvalidOptionException("--baseline " + baseline.get() + " names no variant; variants: "
                        + String.join(", ", all.stream().map(Variant::label).distinct().toList())
                        + " (or a param as key=value, e.g. allocator=glibc)");
            }
        }
    }

    /** Writes the study beside every result directory, before any report is drawn. */
    public void writeStudy() throws IOException {
        if (given.study.isPresent()) {
            Set<Path> dirs = new LinkedHashSet<>(List.of(outDir));
            plans.values().forEach(p -> dirs.add(p.outDir()));
            for (Path dir : dirs) {
                given.study.get().writeTo(Runner.prepareOutDir(dir));
            }
        }
    }

    /**
     * Runs the workloads one after the other; an interrupt (Ctrl-C, SIGTERM) stops after the one running, whose
     * finished results are written. A budget to run until settled is the whole run's: each workload gets an equal
     * share of what is left, the last all of it.
     */
    public Outcome run() throws Exception {
        writeStudy();
        Instant started = Instant.now();
        Map<String, RunSummary> summaries = new LinkedHashMap<>();
        Map<String, List<JmhResults.Entry>> entries = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        List<String> invalid = new ArrayList<>();
        Optional<SequentialDesign> widestLooks = Optional.empty();
        Map<String, SettleOutcome> settled = new LinkedHashMap<>();
        int workloadsLeft = plans.size();
        for (Map.Entry<String, RunPlan> e : plans.entrySet()) {
            WorkloadFactory factory = given.registry.workload(e.getKey());
            RunPlan plan = e.getValue();
            if (plan.untilSettled() && plans.size() > 1) {
                plan = plan.withSettleBudget(plan.settleBudget().minus(Duration.between(started, Instant.now()))
                        .dividedBy(workloadsLeft));
            }
            workloadsLeft--;
            try (Workload w = PluginRegistry.create(factory, given.options);
                 Rendezvous meeting = given.workers != null ? given.workers.meet(factory, w) : null) {
                Runner runner = new Runner(plan, w, given.collectors.apply(plan), given.out, given.style)
                        .verdicts(given.verdicts, given.baseline).whenMeasured(replaced::discard)
                        .whenSignalled(replaced::settle);
                given.study.ifPresent(runner::beside);
                if (meeting != null) {
                    runner.asWorker(given.workers.barrier(meeting));
                }
                RunSummary summary = runner.run();
                summaries.put(e.getKey(), summary);
                entries.put(e.getKey(), runner.entries());
                summary.invalid().forEach(line -> invalid.add(e.getKey() + ": " + line));
                summary.failure().ifPresent(failures::add);
                runner.settleOutcome().ifPresent(o -> settled.put(e.getKey(), o));
                Optional<SequentialDesign> looks = runner.looks();
                if (looks.isPresent() && (widestLooks.isEmpty() || looks.get().maxForks() > widestLooks.get().maxForks())) {
                    widestLooks = looks;
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
        }
        if (plans.size() > 1) {
            failures.addAll(writeCombined(started, entries, invalid, widestLooks, settled));
        }
        return new Outcome(summaries, failures);
    }

    /**
     * The results of several workloads side by side in the run's directory, from what the run holds: one
     * jmh-result.json (the entries follow each other), one results.csv, run.json and the report; each workload's own
     * directory keeps its journal. Returns the files that could not be written, named.
     */
    private List<String> writeCombined(Instant started, Map<String, List<JmhResults.Entry>> entries, List<String> invalid,
                                       Optional<SequentialDesign> widestLooks, Map<String, SettleOutcome> settled) {
        Map<String, String> combined = new LinkedHashMap<>();
        combined.put("workloads", String.join(",", plans.keySet()));
        // each workload looked at its own forks; judged together with the most looks, whose levels at every fork
        // are no larger than a shorter design's (SequentialDesignTest), so no claim gets easier
        Compare.Settings verdicts = widestLooks.map(given.verdicts::withSequential).orElse(given.verdicts);
        combined.putAll(verdicts.runSettings(given.baseline));
        if (!settled.isEmpty()) {
            // the command's whole budget, shared by the workloads
            combined.putAll(SettleOutcome.across(settled).settings(plans.values().iterator().next().settleBudget()));
        }
        if (!invalid.isEmpty()) {
            combined.put(RunInfo.INVALID, String.join("\n", invalid));
        }
        RunRecord run = new RunRecord(outDir, entries, RunInfo.endingNow(started, combined));
        boolean files = plans.values().iterator().next().resultFiles();
        List<String> failures = !files ? List.of() : ResultFiles.write(run, new ReportSettings(verdicts, given.baseline,
                given.study), given.out::println).stream().map(f -> "combined results in " + outDir + ": " + f).toList();
        EffectSummary.lines(Compare.acrossWorkloads(run.results(), verdicts)).forEach(given.out::println);
        if (files) {
            given.out.println("# Combined results of " + String.join(", ", plans.keySet()) + ": " + outDir);
        }
        return failures;
    }
}
