package benchkit.cli;

import benchkit.history.Exports;
import benchkit.history.HistoryStore;
import benchkit.history.RunImport;
import benchkit.history.Series;
import benchkit.history.StoredRun;
import benchkit.history.TrendGate;
import benchkit.history.TrendReport;
import benchkit.core.result.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench history}: runs kept across commits and days in one store (an SQLite file, or a MySQL/MariaDB server),
 * a trend report with change points, a gate of a new run against the trend, and the exports CI dashboards read.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Keep runs across commits and days, see their trend, and gate a new run against it:",
            "  bench history add bench-results/* --label branch=main",
            "  bench history report --out trend.html --x commit",
            "  bench history check bench-results/NEW --add --label commit=$SHA     exit 3 on a regression",
            "  bench history export bench-results/NEW --format customBiggerIsBetter",
            "The store is --history FILE (SQLite) or a jdbc:mariadb:// or jdbc:mysql:// URL (its password in "
                    + HistoryStore.PASSWORD_ENV + "); by default " + HistoryStore.DEFAULT_ENV
                    + ", else bench-results/history.sqlite."},
        subcommands = {HistoryCommand.Add.class, HistoryCommand.ListRuns.class, HistoryCommand.Report.class,
            HistoryCommand.Check.class, HistoryCommand.Export.class})
final class HistoryCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UsageException("bench history needs a subcommand: add, list, report, check or export"
                + " (bench history --help)");
    }

    /** The store option every history subcommand takes (a picocli mixin). */
    static final class StoreOption {
        @Option(names = "--history", paramLabel = "FILE|JDBC-URL",
                description = "The store: an SQLite file, or jdbc:mariadb://HOST/DB?user=U (password in "
                        + HistoryStore.PASSWORD_ENV + "). Default: " + HistoryStore.DEFAULT_ENV
                        + ", else bench-results/history.sqlite.")
        String location;

        /** The store; with {@code create}, made when it is not there (add, check --add), else refused then. */
        HistoryStore open(boolean create) {
            return HistoryCommand.open(location != null ? location : HistoryStore.defaultLocation(), create);
        }
    }

    /** The store at {@code where}; one that cannot be opened is bad input (exit 2), said in one line. */
    static HistoryStore open(String where, boolean create) {
        try {
            return HistoryStore.open(where, create);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } catch (SQLException e) {
            throw new UsageException("--history " + where + " cannot be opened: " + Cli.firstLine(e.getMessage()));
        }
    }

    /** {@code --min-effect}: the smallest change a verdict names, in percent (a picocli mixin). */
    static final class MinEffect {
        @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = "2",
                description = "The smallest change a verdict names, and a check fails on (default: ${DEFAULT-VALUE}).")
        double percent;

        double fraction() {
            if (!(percent >= 0 && percent < 100)) {
                throw new UsageException("--min-effect=" + percent + " is not valid; expected a percentage from 0 to below 100");
            }
            return percent / 100;
        }
    }

    /** The labels a run is stored with. */
    static Map<String, String> labels(List<String> given) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String l : given == null ? List.<String>of() : given) {
            try {
                var e = RunImport.label(l);
                labels.put(e.getKey(), e.getValue());
            } catch (IllegalArgumentException ex) {
                throw new UsageException(ex.getMessage());
            }
        }
        return labels;
    }

    static StoredRun read(Path dir, Map<String, String> labels) throws IOException {
        try {
            return RunImport.read(dir, labels);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Reads every directory first, so that one bad directory stores none of them. */
    static int add(HistoryStore store, List<StoredRun> runs) throws SQLException {
        int added = 0;
        for (StoredRun run : runs) {
            boolean isNew = store.add(run);
            added += isNew ? 1 : 0;
            System.out.println((isNew ? "stored " : "already stored ") + run.shortKey() + "  " + run.source());
        }
        return added;
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Store result directories (a run already stored is kept once).")
    static final class Add implements Callable<Integer> {
        @Parameters(paramLabel = "DIR", arity = "1..*", description = "Result directories, e.g. bench-results/*.")
        List<Path> dirs;
        @Option(names = "--label", paramLabel = "NAME=VALUE", description = "A label for these runs, e.g. commit=abc123"
                + " (repeatable); machine=NAME makes runs of several hosts comparable under one name.")
        List<String> labels;
        @picocli.CommandLine.Mixin
        StoreOption store;

        @Override
        public Integer call() throws Exception {
            Map<String, String> l = labels(labels);
            List<StoredRun> runs = new ArrayList<>();
            for (Path d : dirs) {
                runs.add(read(d, l));
            }
            try (HistoryStore s = store.open(true)) {
                int added = add(s, runs);
                System.out.println(added + " of " + runs.size() + " run" + (runs.size() == 1 ? "" : "s") + " added to "
                        + s.location());
            }
            return Cli.EXIT_OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the stored runs, oldest first.")
    static final class ListRuns implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        StoreOption store;

        @Override
        public Integer call() throws Exception {
            try (HistoryStore s = store.open(false)) {
                for (StoredRun r : s.runs()) {
                    System.out.println(r.shortKey() + "  " + r.startedAt() + "  " + String.join(", ",
                            r.results().stream().map(b -> b.benchmark().replaceFirst("^benchkit\\.", "")
                                    + " " + b.threads()).distinct().toList()) + "  " + r.labels());
                }
            }
            return Cli.EXIT_OK;
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Write the trend page: each series over the runs, its change points and the effect of each.")
    static final class Report implements Callable<Integer> {
        @Option(names = "--out", paramLabel = "FILE", defaultValue = "bench-results/history.html",
                description = "The page to write (default: ${DEFAULT-VALUE}).")
        Path out;
        @Option(names = "--metric", paramLabel = "NAME", split = ",", defaultValue = "tps,latency.p99",
                description = "The metrics drawn (default: ${DEFAULT-VALUE}).")
        List<String> metrics;
        @Option(names = "--x", paramLabel = "LABEL", defaultValue = "",
                description = "A label the x axis shows, e.g. commit (default: the runs' start times).")
        String xLabel;
        @picocli.CommandLine.Mixin
        MinEffect minEffect;
        @picocli.CommandLine.Mixin
        StoreOption store;

        @Override
        public Integer call() throws Exception {
            try (HistoryStore s = store.open(false)) {
                List<StoredRun> runs = s.runs();
                String page = TrendReport.render(s.location(), runs, Series.of(runs, metrics), xLabel, minEffect.fraction());
                try {
                    AtomicFiles.write(out, page);
                } catch (IOException e) {
                    String why = e instanceof java.nio.file.NoSuchFileException ? "no such directory"
                            : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
                    throw new UsageException("cannot write the page " + out + ": " + why
                            + "; name a file in a directory you can write");
                }
                System.out.println("wrote " + out + " (" + runs.size() + " runs)");
            }
            return Cli.EXIT_OK;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"Judge a run against the trend of the comparable runs before it (same workload, variant, "
                    + "threads and machine): exit 3 on a regression, 0 otherwise, 2 on bad input.",
                "Each series gets a prediction interval from the last --window runs since its last change point; "
                        + "series judged together share --confidence (Bonferroni). A series with fewer than --min-runs "
                        + "earlier runs is said to be not judged."})
    static final class Check implements Callable<Integer> {
        @Parameters(paramLabel = "DIR", description = "The new run's result directory.")
        Path dir;
        @Option(names = "--add", description = "Also store the run (with its --label), after it is judged.")
        boolean add;
        @Option(names = "--label", paramLabel = "NAME=VALUE", description = "The run's labels, e.g. commit=abc123.")
        List<String> labels;
        @Option(names = "--metric", paramLabel = "NAME", split = ",", defaultValue = "tps",
                description = "The metrics judged (default: ${DEFAULT-VALUE}).")
        List<String> metrics;
        @Option(names = "--since", paramLabel = "RUN",
                description = "The trend starts anew with this stored run (its key, from bench history list): after a "
                        + "change you accept, e.g. a new server version.")
        String since;
        @Option(names = "--window", defaultValue = "10", description = "The most runs of the trend (default: ${DEFAULT-VALUE}).")
        int window;
        @Option(names = "--min-runs", defaultValue = "5",
                description = "The fewest earlier runs a series needs to be judged (default: ${DEFAULT-VALUE}).")
        int minRuns;
        @Option(names = "--confidence", defaultValue = "0.99",
                description = "The chance that a run like the trend's passes, all series together (default: ${DEFAULT-VALUE}).")
        double confidence;
        @picocli.CommandLine.Mixin
        MinEffect minEffect;
        @picocli.CommandLine.Mixin
        StoreOption store;
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            java.io.PrintWriter err = spec.commandLine().getErr();
            TrendGate gate;
            try {
                gate = new TrendGate(new TrendGate.Settings(window, minRuns, confidence, minEffect.fraction(), metrics));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            StoredRun run = read(dir, labels(labels));
            try (HistoryStore s = store.open(add)) {
                List<TrendGate.Judgement> judgements;
                try {
                    List<StoredRun> history = s.runs();
                    if (since != null) {
                        StoredRun first = s.find(since).orElseThrow(() -> new UsageException("--since " + since
                                + ": no such stored run in " + s.location() + " (bench history list shows them)"));
                        history = history.stream().filter(r -> !r.startedAt().isBefore(first.startedAt())).toList();
                    }
                    judgements = gate.check(history, run);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
                judgements.forEach(j -> System.out.println(j.describe()));
                if (add) {
                    add(s, List.of(run));
                }
                List<TrendGate.Judgement> regressions = judgements.stream().filter(j -> j.verdict().isRegression()).toList();
                long notJudged = judgements.stream().filter(j -> !j.judged()).count();
                if (!regressions.isEmpty()) {
                    err.println("bench: " + regressions.size() + " of " + judgements.size() + " series regressed"
                            + " against the trend (above): " + String.join("; ", regressions.stream()
                                    .map(j -> j.key().describe()).toList()));
                    return Cli.EXIT_REGRESSION;
                }
                if (notJudged > 0) {
                    err.println("bench: warning: " + notJudged + " of " + judgements.size() + " series not judged"
                            + " (too few earlier comparable runs in " + s.location() + "): this check passes them unseen");
                }
                long undecided = judgements.stream()
                        .filter(j -> j.judged() && j.verdict() == benchkit.core.stats.Verdict.INCONCLUSIVE).count();
                if (undecided > 0) {
                    // a check that cannot tell says so: the interval was wider than the change it should catch
                    err.println("bench: warning: " + undecided + " of " + judgements.size() + " series inconclusive"
                            + " (the interval cannot say same or different at --min-effect): this check cannot tell them;"
                            + " more forks per run, or a quieter machine, narrow it");
                }
            }
            return Cli.EXIT_OK;
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = {"Print a run in a format CI dashboards read:",
                "  customBiggerIsBetter / customSmallerIsBetter   github-action-benchmark (tool: the same word)",
                "  bencher                                       Bencher Metric Format (bencher run --adapter json)"})
    static final class Export implements Callable<Integer> {
        @Parameters(paramLabel = "DIR|RUN", description = "A result directory, or a stored run's key (its first 6+ characters, from bench history list).")
        String run;
        @Option(names = "--format", required = true, paramLabel = "FORMAT",
                description = "customBiggerIsBetter, customSmallerIsBetter or bencher.")
        String format;
        @picocli.CommandLine.Mixin
        StoreOption store;

        @Override
        public Integer call() throws Exception {
            Exports exports;
            try {
                exports = Exports.parse(format);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            Path dir = Cli.path(run);
            StoredRun stored;
            if (java.nio.file.Files.isDirectory(dir)) {
                stored = read(dir, Map.of());
            } else if (run.matches("[0-9a-fA-F]{6,64}")) {
                try (HistoryStore s = store.open(false)) {
                    stored = s.find(run).orElseThrow(() -> new UsageException("no stored run " + run + " in " + s.location()));
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
            } else {
                throw new UsageException(run + " is neither a result directory nor a stored run's key (6 or more of its"
                        + " first characters, as bench history list shows them)");
            }
            System.out.print(exports.render(stored));
            return Cli.EXIT_OK;
        }
    }
}
