package benchkit.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command tree a line gets (Cli.commandLine(args)): one subcommand alone answers as the whole tree does. */
class CommandTreeTest {
    private record Answer(int exit, String out, String err) {
    }

    private static Answer answer(CommandLine cl, String line) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = Main.run(cl, line.split(" "));
        return new Answer(exit, out.toString(), err.toString());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "list workloads",                      // a subcommand's unknown word: bench's own message, not picocli's
        "list --nope",
        "run --threads x",
        "run --help",
        "prepare --help",
        "prepare --workload point-select",     // no external server
        "cleanup --foo=1",
        "compare",
        "compare --confidence 1.5 a b",
        "report",
        "merge",
        "new",
        "calibrate --nope",
        "prewarm --help",
        "warmup --help",
    })
    void aSubcommandAloneAnswersAsTheWholeTree(String line) {
        String[] args = line.split(" ");
        CommandLine alone = Cli.commandLine(args);
        assertNotSame(BenchCommand.class, alone.getCommand().getClass(), "the line names a subcommand: " + line);
        assertEquals(1, Set.copyOf(alone.getSubcommands().values()).size(), line);   // a name and its aliases
        assertEquals(answer(Cli.commandLine(), line), answer(alone, line));
    }

    @Test
    void aLineWithoutASubcommandGetsTheWholeTree() {
        assertEquals(BenchCommand.class, Cli.commandLine("--workload", "point-select").getCommand().getClass());
        assertEquals(BenchCommand.class, Cli.commandLine("--help").getCommand().getClass());
        assertEquals(BenchCommand.class, Cli.commandLine().getCommand().getClass());
    }

    /** bench --help lists the exit codes, each of Cli's with its meaning (a user looks there before docs/usage.md). */
    @Test
    void theHelpListsTheExitCodes() {
        Answer help = answer(Cli.commandLine("--help"), "--help");
        assertEquals(0, help.exit());
        String codes = help.out().substring(help.out().indexOf("Exit codes"));
        for (int code : List.of(Cli.EXIT_OK, Cli.EXIT_FAILURE, Cli.EXIT_USAGE, Cli.EXIT_REGRESSION)) {
            assertTrue(codes.lines().anyMatch(l -> l.strip().startsWith(code + " ")), code + " in: " + codes);
        }
        assertTrue(codes.contains("129/130/138/143"), codes);
        assertTrue(codes.matches("(?s).*142/152 +stopped by SIGALRM or SIGXCPU.*"), codes);
    }

    /** --experiment, read before the line is parsed, is in --help with where its file is described (sweep 10, N43). */
    @ParameterizedTest
    @ValueSource(strings = {"--help", "run --help", "prepare --help"})
    void theHelpNamesTheExperimentFile(String line) {
        Answer help = answer(Cli.commandLine(line.split(" ")), line);
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("--experiment=FILE.json"), help.out());
        // picocli wraps the description anywhere: compared without its white space
        assertTrue(help.out().replaceAll("\\s+", "").contains("docs/usage.md(Matrices)describesthefile"), help.out());
    }

    /** The sysbench translation looks bench's options up in run's model alone; prepare's must all be there. */
    @ParameterizedTest
    @ValueSource(strings = {"prepare", "prewarm", "cleanup"})
    void everyOptionOfTheDataCommandsIsARunOption(String command) {
        Set<String> run = names(Cli.subcommandSpec("run"));
        Set<String> missing = new TreeSet<>(names(Cli.subcommandSpec(command)));
        missing.removeAll(run);
        assertTrue(missing.isEmpty(), command + " options that run lacks: " + missing);
    }

    private static Set<String> names(CommandLine.Model.CommandSpec spec) {
        Set<String> names = new TreeSet<>();
        spec.options().forEach(o -> names.addAll(Arrays.asList(o.names())));
        return names;
    }

    @Test
    void everySubcommandOfBenchCanBeMadeAlone() {
        List<String> names = List.copyOf(Cli.commandLine().getSubcommands().keySet());
        for (String name : names) {
            CommandLine.Model.CommandSpec spec = Cli.subcommandSpec(name);
            assertTrue(spec.name().equals(name) || Arrays.asList(spec.aliases()).contains(name), name);
        }
    }
}
