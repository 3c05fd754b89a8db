package benchkit.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How the run's shape options combine, as docs/usage.md says. */
class RunOptionsTest {
    private static RunCommand parsed(String... args) {
        CommandLine cl = Cli.commandLine();
        cl.parseArgs(args);
        return cl.getCommand();
    }

    /** As JMH's -w and -r: --time sets the measured iterations only; warmup keeps --warmup-time (5 s). */
    @Test
    void timeSetsTheMeasuredIterationsAndWarmupKeepsItsOwn() {
        RunCommand quick = parsed("--workload", "point-select", "--time", "1");
        assertEquals(1.0, quick.time);
        assertEquals(5.0, quick.warmupTime);
        RunCommand both = parsed("--workload", "point-select", "--time", "1", "--warmup-time", "1");
        assertEquals(1.0, both.warmupTime);
    }
}
