package benchkit.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Entry point of {@code bench.jar}; the only place that calls {@link System#exit}. */
public final class Main {
    static final String STACKTRACE = "--stacktrace";

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (the table in docs/usage.md). */
    public static int run(String... args) {
        return run(Cli.commandLine(), args);
    }

    /** Runs {@code args} on {@code cl}, pasted sysbench lines and experiment files included; errors go to its err. */
    static int run(CommandLine cl, String... args) {
        PrintWriter err = cl.getErr();
        // --stacktrace (as Gradle's) is taken anywhere on the line, for any command: what failed, with its stack trace
        List<String> rest = new ArrayList<>(List.of(args));
        Cli.showStackTraces(rest.removeIf(a -> a.equals(STACKTRACE)));
        SysbenchArgs.Translation line;
        String[] expanded = rest.toArray(new String[0]);
        try {
            expanded = ExperimentFile.expand(expanded);
            line = SysbenchArgs.translation(expanded);
        } catch (SysbenchArgs.NoCommand e) {
            return SysbenchLine.noCommand(e.test, System.out);
        } catch (UsageException e) {
            if (SysbenchLine.looksLikeOne(expanded)) {
                return SysbenchLine.fatal(e.getMessage());
            }
            err.println("bench: " + e.getMessage());
            err.flush();
            return Cli.EXIT_USAGE;
        }
        if (line.sysbenchLine()) {
            return SysbenchLine.run(cl, line);
        }
        line.notes().forEach(note -> err.println("bench: note: " + note.text()));
        return cl.execute(line.args());
    }
}
