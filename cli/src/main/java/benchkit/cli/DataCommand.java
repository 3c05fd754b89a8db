package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.launch.LoadProgress;
import benchkit.spi.PrepareContext;
import benchkit.spi.ServerHandle;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * Shared shape of {@code prepare}, {@code prewarm} and {@code cleanup}: they act on an external server's data,
 * because the servers bench launches live only for one run (and are prepared by it).
 */
abstract class DataCommand extends WorkloadCommand {
    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(names = {"--threads", "-t"}, paramLabel = "N", defaultValue = "1",
            description = "Connections used in parallel, one share of the tables each (default ${DEFAULT-VALUE}).")
    int threads;

    @Mixin
    ConsoleOptions console = new ConsoleOptions();

    /** The step under way: its units' progress, the server's silence, and what a stop leaves. */
    private DataStepWatch watch;

    @Override
    public Integer call() throws Exception {
        if (!server.isExternal()) {
            WorkloadFactory named = workload.workload == null ? null
                    : Plugins.load(spec.commandLine().getErr(), plugins).workloads().get(workload.workload.strip());
            // memcached's servers are no SQL server's data: say what bench does with their keys (sweep 9, case 48)
            throw new UsageException(named != null && "memcached".equals(named.protocol())
                    ? spec.name() + " is for SQL servers: " + forMemcached()
                    : spec.name() + " acts on an external server: give --mysql-host/--mysql-port or "
                    + "--mysql-socket ('bench run' prepares the servers it launches by itself)");
        }
        RunCommand.checkThreads(java.util.List.of(threads));
        console.check(List.of("jmh", "sysbench"));
        console.banner();
        PluginRegistry registry = Plugins.load(spec.commandLine().getErr(), plugins);
        String name = workload.requireWorkload(registry.workloads().keySet());
        WorkloadFactory factory = registry.workload(name);
        // the workload's options are checked before the server is reached, as sysbench checks them before it connects
        try (Workload w = PluginRegistry.create(factory, WorkloadOptions.workloadOptions(workloadArgs))) {
            SysbenchConnectFailure.Reached reached = SysbenchConnectFailure.reach(console, spec.name(), threads, List.of(),
                    () -> Variants.of(registry, server).get(0).server().start());
            if (reached.exit().isPresent()) {
                return reached.exit().getAsInt();
            }
            try (ServerHandle handle = reached.handle();
                 DataStepWatch watch = new DataStepWatch(name + " " + spec.name(), remedy(), handle.target(), System.out)) {
                this.watch = watch;
                try {
                    act(w, handle, name);
                } catch (Exception e) {
                    String wentAway = watch.whenServerWentAway(e);
                    if (wentAway != null) {
                        IllegalStateException said = new IllegalStateException(wentAway);
                        said.addSuppressed(e);      // its words are in the line; --stacktrace shows where
                        throw said;
                    }
                    throw e;
                }
            }
        }
        return 0;
    }

    abstract void act(Workload workload, ServerHandle server, String name) throws Exception;

    /** What this step is for a memcached workload, whose keys 'bench run' loads itself, and what to do instead. */
    abstract String forMemcached();

    /** What to run after the step stopped short. */
    String remedy() {
        return "run " + (console.sysbenchLine() ? "the same line (" + sysbenchLine(spec.name()) + ")" : "bench " + spec.name())
                + " again";
    }

    /** The sysbench line the user typed, shortened, with {@code command} at its end: {@code sysbench oltp_read_write ... cleanup}. */
    String sysbenchLine(String command) {
        String program = Main.SYSBENCH.equals(System.getProperty(Main.CALLED_AS)) ? "sysbench" : "bench";
        return program + " " + console.sysbenchTest + " ... " + command;
    }

    /** bench's own closing line, e.g. "Prepared ... in 1.2 s"; with --format sysbench from --verbosity 4 only. */
    void done(String line) {
        if (console.benchLines()) {
            System.out.println(line);
        }
    }

    /**
     * What the workload's step may use: {@link #threads} connections, its lines in sysbench's words printed with
     * --format sysbench, its progress (loading rows) on {@code progress} otherwise (null: a step that shows none).
     */
    PrepareContext context(LoadProgress progress) {
        int parallel = threads;
        boolean says = console.sysbench() && console.sysbenchLines();
        boolean bars = !console.sysbench() && progress != null;
        return new PrepareContext() {
            @Override
            public int threads() {
                return parallel;
            }

            @Override
            public void progress(String unit, long done, long total) {
                if (watch != null) {
                    watch.progress(unit, done, total);
                }
                if (bars) {
                    progress.progress(unit, done, total);
                }
            }

            @Override
            public void committing(String unit, long rows) {
                if (watch != null) {
                    watch.committing(unit, rows);
                }
            }

            @Override
            public void committed(String unit, long rows) {
                if (watch != null) {
                    watch.committed(unit, rows);
                }
            }

            @Override
            public void log(String line) {
                if (says) {
                    System.out.println(line);       // one whole line, whichever of the step's threads says it
                }
            }

            @Override
            public void print(String line) {
                if (console.sysbench()) {
                    System.out.println(line);       // what sysbench's scripts print(), at every verbosity
                }
            }
        };
    }
}
