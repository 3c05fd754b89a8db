package benchkit.cli;

import benchkit.core.run.plan.Variant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** Until settled, the slices not typed are the short ones; a typed one keeps the fixed shape's defaults beside it. */
    @Test
    void aRunUntilSettledHasShortSlicesUnlessTyped() {
        benchkit.core.run.plan.RunPlan settling = plan("--workload", "point-select", "--allocator", "glibc,jemalloc", "--budget", "6m");
        assertEquals(java.time.Duration.ofSeconds(2), settling.warmupTime());
        assertEquals(3, settling.measurementIterations());
        assertEquals(java.time.Duration.ofSeconds(2), settling.measurementTime());
        benchkit.core.run.plan.RunPlan typed = plan("--workload", "point-select", "--allocator", "glibc,jemalloc", "--budget", "6m",
                "--time", "5");
        assertEquals(4, typed.measurementIterations());
        assertEquals(java.time.Duration.ofSeconds(5), typed.measurementTime());
        assertEquals(java.time.Duration.ofSeconds(2), typed.warmupTime());
        benchkit.core.run.plan.RunPlan byDefault = plan("--workload", "point-select", "--allocator", "glibc,jemalloc");
        assertEquals(java.time.Duration.ofMinutes(6), byDefault.settleBudget(), "comparisons run until settled by default");
        assertEquals(java.time.Duration.ofSeconds(2), byDefault.measurementTime());
        benchkit.core.run.plan.RunPlan fixed = plan("--workload", "point-select", "--allocator", "glibc,jemalloc", "--budget", "off");
        assertEquals(java.time.Duration.ofSeconds(5), fixed.measurementTime());
        assertEquals(5, fixed.forks());
        assertEquals(3, plan("--workload", "point-select", "--allocator", "glibc,jemalloc", "--forks", "3").forks());
        assertTrue(!plan("--workload", "point-select", "--forks", "3").untilSettled());
        assertTrue(!plan("--workload", "point-select", "--method", "bootstrap").untilSettled(),
                "only forks-t has the repeated intervals: fixed forks");
        assertTrue(!plan("--workload", "point-select", "--events", "1000").untilSettled(), "an event limit: fixed forks");
        assertTrue(plan("--workload", "point-select", "--until-settled").untilSettled());
    }

    /** A sysbench line's run leaves the tables of the user's server as they are; bench's servers it prepares. */
    @Test
    void aSysbenchLinePreparesOnlyTheServersBenchLaunches() {
        assertTrue(!plan(sysbenchRun("oltp_read_only --mysql-host=db1 run")).preparesData());
        assertTrue(plan(sysbenchRun("oltp_read_only --allocator jemalloc run")).preparesData());
        assertTrue(plan("--workload", "point-select", "--mysql-host", "db1").preparesData(), "bench's own line prepares");
    }

    /** sysbench's unsigned --report-interval: a sysbench line's -1 is 2^32 - 1 s (no report); bench's own line refuses it. */
    @Test
    void aNegativeReportIntervalIsSysbenchsUnsignedOneOnASysbenchLineOnly() {
        assertEquals(java.time.Duration.ofSeconds(4294967295L),
                plan(sysbenchRun("oltp_read_only --report-interval=-1 run")).reportInterval());
        UsageException own = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> plan("--workload", "point-select", "--report-interval", "-1"));
        assertEquals("--report-interval=-1.0 is not valid; expected more than 0 and at most 604800 seconds (7 days)", own.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> plan(sysbenchRun("oltp_read_only --report-interval=-1.5 run")));
    }

    @Test
    void aRunWithoutResultFilesWritesNoneAndOthersDo() {
        assertTrue(!plan("--workload", "point-select", "--no-result-files").resultFiles());
        assertTrue(plan("--workload", "point-select").resultFiles());
    }

    /** A sysbench line keeps no files and runs no collectors, unless it names a directory or collectors itself. */
    @Test
    void aSysbenchRunLineKeepsNothingUnlessAsked() throws Exception {
        List<String> plain = List.of(SysbenchLine.resultPlace(new String[] {"run", "--workload=oltp-read-only"}));
        assertTrue(plain.contains("--no-result-files") && plain.contains("--collectors=none"), plain.toString());
        List<String> out = List.of(SysbenchLine.resultPlace(new String[] {"run", "--workload=oltp-read-only", "--out=d"}));
        assertTrue(!out.contains("--no-result-files") && !out.contains("--collectors=none"), out.toString());
        List<String> own = List.of(SysbenchLine.resultPlace(new String[] {"run", "--workload=oltp-read-only",
                "--collect=status:Questions"}));
        assertTrue(own.contains("--no-result-files") && !own.contains("--collectors=none"), own.toString());
    }

    /** bench's words for a sysbench run line, without the subcommand (bench with none runs). */
    private static String[] sysbenchRun(String line) {
        List<String> args = List.of(SysbenchLine.ARGS.translation(line.split(" ")).args());
        assertEquals("run", args.get(0));
        return args.subList(1, args.size()).toArray(new String[0]);
    }

    private static benchkit.core.run.plan.RunPlan plan(String... args) {
        List<Variant> two = List.of(new Variant("a", Map.of(), () -> null), new Variant("b", Map.of(), () -> null));
        RunCommand command = parsed(args);
        return command.runOptions().plan("point-select", Map.of(), 0, two, java.nio.file.Path.of("out"));
    }
}
