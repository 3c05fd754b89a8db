package benchkit.cli;

import picocli.CommandLine;

/** Entry point of {@code bench.jar}; the only place that calls {@link System#exit}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (0 ok, 1 run failed, 2 bad input). */
    public static int run(String... args) {
        String[] translated;
        try {
            String[] expanded = ExperimentFile.expand(args);
            translated = SysbenchArgs.translate(expanded, note -> System.err.println("bench: note: " + note));
        } catch (UsageException e) {
            System.err.println("bench: " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        return Cli.commandLine().execute(translated);
    }
}
