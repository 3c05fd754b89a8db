package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.core.run.console.ConsoleStyle;
import benchkit.sysbench.console.SysbenchFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --format sysbench}, {@code --percentile} and {@code --histogram} in sysbench's spellings. */
class ConsoleFormatOptionsTest {
    /** The run command the arguments end in ({@code bench} itself or {@code bench run}). */
    private static RunCommand parse(String... args) {
        CommandLine.ParseResult r = Cli.commandLine().parseArgs(args);
        while (r.hasSubcommand()) {
            r = r.subcommand();
        }
        return (RunCommand) r.commandSpec().userObject();
    }

    private static ConsoleStyle format(String... args) {
        RunCommand cmd = parse(args);
        return RunCommand.consoleStyle(cmd.console, cmd.percentile, cmd.histogram);
    }

    @Test
    void defaultsAreSysbenchsWithoutTheReport() {
        assertEquals(ConsoleStyle.DEFAULT, format("--workload", "point-select"));
        assertEquals(ConsoleStyle.DEFAULT, format("--workload", "point-select"));
    }

    @Test
    void sysbenchSpellingsOfTheHistogram() {
        SysbenchFormat on = new SysbenchFormat(99, true, 3);
        assertEquals(on, format("--format", "sysbench", "--histogram=on", "--percentile=99"));
        assertEquals(on, format("--format", "sysbench", "--histogram", "on", "--percentile", "99"));
        assertEquals(on, format("--format=sysbench", "--percentile=99", "--histogram"));
        assertEquals(new SysbenchFormat(95, false, 3), format("--format", "sysbench", "--histogram=off"));
        assertEquals(new SysbenchFormat(0, false, 3), format("--format", "sysbench", "--percentile", "0"));
        // A bare --histogram does not swallow the next option.
        RunCommand cmd = parse("--format", "sysbench", "--histogram", "--threads", "4");
        assertEquals("on", cmd.histogram);
        assertEquals(List.of(4), cmd.threads);
        assertTrue(cmd.workloadArgs.isEmpty());
    }

    @Test
    void percentileAlsoAppliesToOtherFormats() {
        assertEquals(new ConsoleStyle.Jmh(99), format("--percentile", "99"));
    }

    @Test
    void sysbenchCommandLinesKeepThem() {
        String[] args = SysbenchLine.ARGS.translate(new String[] {"oltp_read_write", "--threads=4", "--time=3",
            "--histogram=on", "--percentile=99", "--format=sysbench", "run"}, note -> { });
        assertEquals(new SysbenchFormat(99, true, 3), format(args));
    }
}
