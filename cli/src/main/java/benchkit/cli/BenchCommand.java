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
        sortOptions = false,
        // the table of docs/usage.md, "Exit codes", where a user looks first
        exitCodeListHeading = "%nExit codes (the same for every subcommand; a sysbench line exits 0 or 1 as sysbench):%n",
        exitCodeList = {
            "0:success: every result is there and valid",
            "1:the run failed (a server died, an iteration was invalid, a file could not be written); what finished is kept",
            "2:bad input: nothing was started or written",
            "3:compare --fail-on-regression or history check found a regression",
            "129/130/138/143:stopped by SIGHUP, Ctrl-C (SIGINT), SIGUSR1 or SIGTERM after writing what finished",
            "142/152:stopped by SIGALRM or SIGXCPU (ulimit -t) after writing what finished"})
final class BenchCommand extends RunCommand implements Callable<Integer> {
}
