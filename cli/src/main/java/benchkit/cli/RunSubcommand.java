package benchkit.cli;

import picocli.CommandLine.Command;

/** {@code bench run}. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a benchmark: launch (or connect to) the server, prepare data when missing, "
                + "warm up, measure, and write the results.")
final class RunSubcommand extends RunCommand {
}
