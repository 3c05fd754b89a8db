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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * {@code bench history}: runs kept across commits and days in one store (an SQLite file, or a MySQL, MariaDB or
 * PostgreSQL server),
 * a trend report with change points, a gate of a new run against the trend, and the exports CI dashboards read.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Keep runs across commits and days, see their trend, and gate a new run against it:",
            "  bench history add bench-results/* --label branch=main",
            "  bench history report --out trend.html --x commit",
            "  bench history check bench-results/NEW --add --label commit=$SHA     exit 3 on a regression",
            "  bench history export bench-results/NEW --format customBiggerIsBetter",
            "The store is --history FILE (SQLite) or a jdbc:mariadb://, jdbc:mysql:// or jdbc:postgresql:// URL"
                    + " (its password in " + HistoryStore.PASSWORD_ENV + "); by default " + HistoryStore.DEFAULT_ENV
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
                description = "The store: an SQLite file, or jdbc:mariadb://HOST/DB?user=U or"
                        + " jdbc:postgresql://HOST/DB?user=U (password in " + HistoryStore.PASSWORD_ENV + "). Default: " + HistoryStore.DEFAULT_ENV
                        + ", else bench-results/history.sqlite.")
        String location;

        /** The store; with {@code create}, made when it is not there (add, check --add), else refused then. */
        HistoryStore open(boolean create) {
            if (location != null) {
                return HistoryCommand.open(location, create);
            }
            String env = System.getenv(HistoryStore.DEFAULT_ENV);
            // a message names where the store came from, so that a bad variable is not blamed on an option not given
            return env != null && !env.isBlank() ? HistoryCommand.open(env, create, HistoryStore.DEFAULT_ENV)
                    : HistoryCommand.open(HistoryStore.DEFAULT_FILE.toString(), create, "");
        }
    }

    /** The store {@code --history} names. */
    static HistoryStore open(String where, boolean create) {
        return open(where, create, "--history");
    }

    /**
     * The store at {@code where}, which {@code namedBy} (an option, a variable, or "" for the default) gave; one that
     * cannot be opened is bad input (exit 2), said in one line that names where it came from.
     */
    private static HistoryStore open(String where, boolean create, String namedBy) {
        String from = namedBy.isEmpty() ? "" : namedBy + ": ";
        // the user named no store: say how to name one, as the default may not be the one meant
        String other = namedBy.isEmpty() ? " (bench's default store; --history or " + HistoryStore.DEFAULT_ENV
                + " names another)" : "";
        try {
            return HistoryStore.open(where, create);
        } catch (IllegalArgumentException e) {
            throw new UsageException(from + e.getMessage() + other);
        } catch (SQLException e) {
            java.util.Optional<String> busy = HistoryStore.whyBusy(e);
            if (busy.isPresent()) {
                // not bad input: the same command will do once the other process is done, or the server answers
                throw new StoreFailure(from + where + " " + busy.get() + "; nothing was changed: try again later");
            }
            throw new UsageException(from + where + " cannot be opened: " + whyNotOpened(where, e, System::getenv));
        }
    }

    /**
     * A store that failed the command for a reason that will pass (locked, not answering), or after part of the work
     * was done (some runs stored): exit 1, the table's "failed; what finished is kept", not 2, "bad input".
     */
    static final class StoreFailure extends IllegalStateException {
        StoreFailure(String message) {
            super(message);
        }
    }

    /**
     * SQLite says only "unable to open the database file" when the reason is the file system's: a directory the user
     * cannot write into (read-only, or another's) is named as such, as the remedy differs.
     */
    static String whyNotOpened(String where, SQLException e, java.util.function.UnaryOperator<String> env) {
        String state = String.valueOf(e.getSQLState());
        if (e.getErrorCode() == 1045 || state.startsWith("28")) {
            // MySQL's "Access denied", PostgreSQL's 28P01: the password is the variable's, which the driver does not name
            return Cli.firstLine(e.getMessage()) + "; check the URL's user and " + HistoryStore.PASSWORD_ENV
                    + (env.apply(HistoryStore.PASSWORD_ENV) == null ? " (not set)" : " (set, and refused)");
        }
        if (!where.startsWith("jdbc:")) {
            java.nio.file.Path dir = java.nio.file.Path.of(where).toAbsolutePath().getParent();
            if (dir != null && java.nio.file.Files.isDirectory(dir) && !java.nio.file.Files.exists(java.nio.file.Path.of(where))
                    && !java.nio.file.Files.isWritable(dir)) {
                return "its directory " + dir + " cannot be written (read-only, or not yours); name a store elsewhere";
            }
        }
        if (e.getErrorCode() == 1049 || "3D000".equals(e.getSQLState())) {
            // MySQL's/MariaDB's unknown database, PostgreSQL's invalid_catalog_name: bench makes tables, not databases
            return Cli.firstLine(e.getMessage()) + "; create that database on the server, or name another in the URL";
        }
        return Cli.firstLine(e.getMessage());
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

    /** The labels a run is stored with; a name given twice is refused (which value was meant?). */
    static Map<String, String> labels(List<String> given) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String l : given == null ? List.<String>of() : given) {
            Map.Entry<String, String> e;
            try {
                e = RunImport.label(l);
            } catch (IllegalArgumentException ex) {
                throw new UsageException(ex.getMessage());
            }
            String before = labels.putIfAbsent(e.getKey(), e.getValue());
            if (before != null) {
                throw new UsageException("--label " + e.getKey() + " is given twice (" + e.getKey() + "=" + before
                        + ", " + e.getKey() + "=" + e.getValue() + "); give each name once");
            }
        }
        return labels;
    }

    /** The run in {@code dir}; one stored without run.json gets a warning, as its machine is unknown. */
    static StoredRun read(Path dir, Map<String, String> labels) throws IOException {
        StoredRun run;
        try {
            run = RunImport.read(dir, labels);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (run.runJson().isEmpty() && !labels.containsKey(StoredRun.MACHINE_LABEL)) {
            System.err.println("bench: warning: " + dir + " has no run.json, so its machine is unknown: it is comparable"
                    + " only with other such runs; --label machine=NAME names the machine");
        }
        return run;
    }

    /** Stores {@code runs}; see {@link #add(HistoryStore, List, AtomicInteger, BooleanSupplier)}. */
    static int add(HistoryStore store, List<StoredRun> runs) throws SQLException {
        return add(store, runs, new AtomicInteger(), () -> false);
    }

    /**
     * Stores {@code runs} (read first, so that one bad directory stores none of them), counting each in {@code stored}
     * as it lands, until {@code stop} says so; a run already stored gets the labels it lacks, and keeps those it has.
     */
    static int add(HistoryStore store, List<StoredRun> runs, AtomicInteger stored, BooleanSupplier stop)
            throws SQLException {
        int added = 0;
        for (StoredRun run : runs) {
            if (stop.getAsBoolean()) {
                break;
            }
            boolean isNew;
            Map<String, String> kept = null;
            StoredRun as = run;
            try {
                isNew = store.add(run);
                if (!isNew) {
                    as = store.stored(run).orElse(run);     // an old store's key for it (hashed from its bytes)
                    if (!run.labels().isEmpty()) {
                        kept = store.addLabels(as.key(), run.labels());
                    }
                }
            } catch (SQLException e) {
                throw notTaken(store, runs, stored.get(), e);
            }
            added += isNew ? 1 : 0;
            stored.incrementAndGet();
            String line = (isNew ? "stored " : "already stored ") + as.shortKey() + "  " + run.source();
            if (kept != null) {
                line += kept.isEmpty() ? " (labels added)"
                        : " (its stored labels kept: " + kept + "; a stored run's labels are not changed)";
            }
            System.out.println(line);
        }
        return added;
    }

    /**
     * The failure of storing {@code runs.get(done)} after the {@code done} runs before it: which store, why, which runs
     * are stored and which not, and how to finish. Each run is one transaction, so the one that failed left nothing
     * behind. With none done and the store not busy it is bad input (a store that cannot be written, exit 2), else a
     * failure that passes or came after part of the work (exit 1).
     */
    static RuntimeException notTaken(HistoryStore store, List<StoredRun> runs, int done, SQLException e) {
        StoredRun run = runs.get(done);
        java.util.Optional<String> full = store.whyFull(e);
        java.util.Optional<String> busy = HistoryStore.whyBusy(e);
        java.util.Optional<String> readOnly = HistoryStore.whyReadOnly(e);
        String line = store.location() + " cannot take the run " + run.source()
                + full.map(f -> ": " + f).or(() -> busy.map(b -> ": the store " + b)).or(() -> readOnly.map(r -> ": " + r))
                        .orElseGet(() -> " (" + Cli.firstLine(e.getMessage()) + ")")
                + "; " + done + " of " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " stored";
        // adding again to a store that cannot be written fails the same: the remedy is a store that can
        String writable = "name a writable store with --history (a copy of this one keeps its runs)";
        if (done == 0) {
            line += ", the store as it was";
            return busy.isPresent() ? new StoreFailure(line + "; try again later")
                    : new UsageException(line + (full.isPresent() ? "; free space there, or name another store"
                            : readOnly.isPresent() ? "; " + writable : ""));
        }
        return new StoreFailure(line + " (" + span(runs.subList(0, done)) + "), " + span(runs.subList(done, runs.size()))
                + " not; " + (full.isPresent() ? "free space there, then " : busy.isPresent() ? "later, "
                        : readOnly.isPresent() ? writable + ", then " : "")
                + "bench history add of the same directories stores the rest (a run stored already is kept once)");
    }

    /** The runs' sources as a span of the command line's order: {@code a}, {@code a and b}, {@code a to d}. */
    private static String span(List<StoredRun> runs) {
        String first = runs.get(0).source();
        String last = runs.get(runs.size() - 1).source();
        return runs.size() == 1 ? first : first + (runs.size() == 2 ? " and " : " to ") + last;
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
            AtomicInteger stored = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch ended = new CountDownLatch(1);
            // Ctrl-C in a long import stops it between two runs (each is stored whole or not at all) and says how far
            // it got
            Thread interrupted = new Thread(() -> {
                stop.set(true);
                try {
                    ended.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                System.err.println("bench: interrupted: " + stored.get() + " of " + dirs.size() + " runs stored;"
                        + " bench history add again stores the rest (a run stored already is kept once)");
            });
            Runtime.getRuntime().addShutdownHook(interrupted);
            try {
                List<StoredRun> runs = new ArrayList<>();
                for (Path d : dirs) {
                    if (stop.get()) {
                        return Cli.EXIT_FAILURE;
                    }
                    try {
                        runs.add(read(d, l));
                    } catch (UsageException e) {
                        // every directory is read before any is stored: say that the others were not stored either
                        throw dirs.size() == 1 ? e : new UsageException("nothing was stored: " + e.getMessage()
                                + "; bench history add of the others without " + d + " stores them");
                    }
                }
                try (HistoryStore s = store.open(true)) {
                    int added = add(s, runs, stored, stop::get);
                    if (!stop.get()) {
                        System.out.println(added + " of " + runs.size() + " run" + (runs.size() == 1 ? "" : "s")
                                + " added to " + s.location());
                    }
                }
            } finally {
                ended.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(interrupted);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it says how far the import got
                }
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
        /** The page when --out is not given: beside the default store, its directory made as a run makes it. */
        static final Path DEFAULT_PAGE = HistoryStore.DEFAULT_FILE.resolveSibling("history.html");

        @Option(names = "--out", paramLabel = "FILE", description = "The page to write (default: bench-results/history.html).")
        Path out;
        @Option(names = "--metric", paramLabel = "NAME", split = ",",
                description = "The metrics drawn (default: tps,latency.p99, those the runs have).")
        List<String> metrics;
        @Option(names = "--x", paramLabel = "LABEL", defaultValue = "",
                description = "A label the x axis shows, e.g. commit (default: the runs' start times).")
        String xLabel;
        @picocli.CommandLine.Mixin
        MinEffect minEffect;
        @picocli.CommandLine.Mixin
        StoreOption store;

        /** Whether the page is written: what a signal's line says (sweep 7, case 83). */
        private volatile boolean written;

        @Override
        public Integer call() throws Exception {
            Path out = this.out != null ? this.out : DEFAULT_PAGE;
            return StopLine.around(() -> stopped(out, written), () -> write(out));
        }

        /** What a signal leaves of the page: it is written whole or not at all. */
        static String stopped(Path out, boolean written) {
            return "history report stopped by " + benchkit.core.run.SignalGuard.lastSignal() + ": the page " + out
                    + (written ? " is written (the signal came as it ended)"
                            : " is as it was (it is written whole or not at all); the same bench history report writes it");
        }

        private Integer write(Path out) throws Exception {
            if (java.nio.file.Files.isDirectory(out)) {
                throw new UsageException("--out " + out + " is a directory; name the page's file, e.g. "
                        + out.resolve("history.html"));
            }
            requireReplaceable(out);
            try (HistoryStore s = store.open(false)) {
                List<StoredRun> runs = s.runs();
                requireKnown(runs, metrics == null ? List.of() : metrics, xLabel);
                List<Series> series = Series.of(runs, metrics == null ? List.of("tps", "latency.p99") : metrics);
                String page = TrendReport.render(s.location(), runs, series, xLabel, minEffect.fraction());
                try {
                    if (this.out == null) {
                        // bench's own default: its directory is bench's to make (a directory named by --out is the user's)
                        java.nio.file.Files.createDirectories(DEFAULT_PAGE.toAbsolutePath().getParent());
                    }
                    AtomicFiles.write(out, page);
                    written = true;
                } catch (IOException e) {
                    String why = e instanceof java.nio.file.NoSuchFileException ? "no such directory"
                            : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                            // the file is named once, before: its reason alone (Read-only file system)
                            : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                            : String.valueOf(e.getMessage());
                    throw new UsageException("cannot write the page " + out + ": " + why
                            + "; name a file in a directory you can write with --out");
                }
                System.out.println("wrote " + out + " (" + runs.size() + " runs)");
            }
            return Cli.EXIT_OK;
        }
    }

    /**
     * The page goes only where it loses nothing: never over a run's own files (a run's results were lost so, sweep 10
     * case N58), nor over a file that is not an earlier trend page of bench's (TrendReport.isOwnPage).
     */
    static void requireReplaceable(Path out) throws IOException {
        // a link is judged by the file it names, which is what would be overwritten
        Path target = java.nio.file.Files.exists(out) ? out.toRealPath() : out;
        java.util.Optional<Path> run = benchkit.core.run.results.ResultDirectory.runOf(target);
        if (run.isPresent()) {
            throw new UsageException("--out " + out + " is a file of the run in " + run.get()
                    + ", which the page would overwrite; name a file outside the run's directory, e.g. "
                    + Report.DEFAULT_PAGE);
        }
        if (java.nio.file.Files.exists(out) && !TrendReport.isOwnPage(out)) {
            throw new UsageException("--out " + out + " exists and is not a trend page bench wrote, so it is not replaced;"
                    + " name a new file, or remove that one first");
        }
    }

    /** A metric the user named that no stored run has, or an x label none carries, would draw an empty page: refused. */
    private static void requireKnown(List<StoredRun> runs, List<String> metrics, String xLabel) {
        if (runs.isEmpty()) {
            return;
        }
        java.util.Set<String> known = new java.util.TreeSet<>();
        runs.forEach(r -> r.results().forEach(b -> known.addAll(b.metrics().keySet())));
        for (String m : metrics) {
            if (!known.contains(m.strip())) {
                throw new UsageException("--metric " + m + ": no stored run has it; the stored runs have " + String.join(", ", known));
            }
        }
        if (!xLabel.isBlank() && runs.stream().noneMatch(r -> r.labels().containsKey(xLabel.strip()))) {
            java.util.Set<String> labels = new java.util.TreeSet<>();
            runs.forEach(r -> labels.addAll(r.labels().keySet()));
            throw new UsageException("--x " + xLabel + ": no stored run has that label; "
                    + (labels.isEmpty() ? "no stored run has labels (bench history add --label NAME=VALUE)"
                            : "the stored runs' labels are " + String.join(", ", labels)));
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
                description = "The chance that a run like the trend's passes, all series together, e.g. 0.99 or 99"
                        + " (default: ${DEFAULT-VALUE}).")
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
                gate = new TrendGate(new TrendGate.Settings(window, minRuns, VerdictOptions.level(confidence),
                        minEffect.fraction(), metrics));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            StoredRun run = read(dir, labels(labels));
            try (HistoryStore s = store.open(add)) {
                List<TrendGate.Judgement> judgements;
                try {
                    List<StoredRun> history = s.runs();
                    if (since != null) {
                        if (!since.strip().matches("[0-9a-fA-F]{6,64}")) {
                            throw new UsageException("--since '" + since + "' is not a stored run's key; give 6 or more"
                                    + " of its first characters, as bench history list shows them");
                        }
                        StoredRun first = s.find(since).orElseThrow(() -> new UsageException("--since " + since
                                + ": no such stored run in " + s.location() + " (bench history list shows them)"));
                        java.util.Set<Series.Key> runs = new java.util.HashSet<>(Series.of(List.of(run), metrics).stream()
                                .map(Series::key).toList());
                        List<Series.Key> started = Series.of(List.of(first), metrics).stream().map(Series::key).toList();
                        if (started.stream().noneMatch(runs::contains)) {
                            // a trend started anew at a run of other series would judge nothing, and say not why
                            throw new UsageException("--since " + since + " is a run of other series ("
                                    + (started.isEmpty() ? "none" : started.get(0).describe()) + "), not of this run's; give"
                                    + " a run of the same workload, variant, threads and machine");
                        }
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
            try {
                System.out.print(exports.render(stored));
            } catch (IllegalArgumentException e) {
                throw new UsageException(run + ": " + e.getMessage());
            }
            return Cli.EXIT_OK;
        }
    }
}
