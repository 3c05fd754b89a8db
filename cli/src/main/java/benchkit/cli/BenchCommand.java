package benchkit.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** {@code bench}: without a subcommand it runs a benchmark, like {@code bench run}. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "JMH-style benchmarks for MySQL-family servers: launches a server, prepares data, "
                + "warms up, measures, and reports.%n"
                + "Without a subcommand, runs a benchmark (same options as 'bench run').",
        subcommands = {RunSubcommand.class, PrepareCommand.class, PrewarmCommand.class, CleanupCommand.class, ListCommand.class,
            ReportCommand.class, CompareCommand.class, CalibrateCommand.class, MergeCommand.class, NewCommand.class,
            HistoryCommand.class},
        sortOptions = false)
final class BenchCommand extends RunCommand implements Callable<Integer> {
}
