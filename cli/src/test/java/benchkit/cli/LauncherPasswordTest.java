package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password on the launcher's line reaches bench in BENCH_MYSQL_PASSWORD, never in java's arguments nor in the
 * launcher's own, which ps shows for the whole run (sweep 10, N21). The java is a stand-in that prints its arguments,
 * its parent's (the launcher, when it does not exec java) and the variable.
 */
class LauncherPasswordTest {
    private static final String SECRET = "s3cr=t word";
    private static final String FAKE_JAVA = "#!/bin/bash\nfor a in \"$@\"; do echo \"arg:$a\"; done\n"
            + "echo \"parent:$(tr '\\0' ' ' </proc/$PPID/cmdline)\"\n"
            + "echo \"env:${BENCH_MYSQL_PASSWORD-unset}\"\necho \"file:${BENCH_MYSQL_PASSWORD_FILE-unset}\"\n";

    @TempDir
    Path dir;

    @Test
    void sysbenchsSpellingsGoToTheEnvironmentAndTheLastCounts() throws Exception {
        for (String cds : List.of("off", "on")) {
            List<String> out = launch(cds, "sysbench", "oltp_read_only", "--mysql-password=first",
                    "--mysql_password=" + SECRET, "--threads=2", "run");
            assertNowhereButTheEnvironment(out);
            assertTrue(out.containsAll(List.of("arg:oltp_read_only", "arg:--threads=2", "arg:run")), out.toString());
        }
    }

    @Test
    void benchsSpellingsGoToTheEnvironmentAndABareOneStays() throws Exception {
        for (String cds : List.of("off", "on")) {
            assertNowhereButTheEnvironment(launch(cds, "bench", "run", "--mysql-password", SECRET, "--time", "1"));
            assertNowhereButTheEnvironment(launch(cds, "bench", "run", "--mysql-password=" + SECRET));
        }
        List<String> ask = launch("off", "bench", "run", "--mysql-password", "--time", "1");
        assertTrue(ask.contains("arg:--mysql-password") && ask.contains("env:unset"), ask.toString());
    }

    @Test
    void anEmptyPasswordOnTheLineIsAnEmptyOne() throws Exception {
        List<String> out = launch("off", "sysbench", "oltp_read_only", "--mysql-password=", "run");
        assertTrue(out.contains("env:") && out.stream().noneMatch(l -> l.startsWith("arg:--mysql")), out.toString());
    }

    private void assertNowhereButTheEnvironment(List<String> out) {
        assertTrue(out.contains("env:" + SECRET), out.toString());
        assertTrue(out.contains("file:unset"), "the line's password wins over BENCH_MYSQL_PASSWORD_FILE: " + out);
        assertFalse(out.stream().filter(l -> !l.startsWith("env:")).anyMatch(l -> l.contains("s3cr")), out.toString());
    }

    private List<String> launch(String cds, String name, String... args) throws Exception {
        ProcessBuilder pb = LauncherJitTest.launcher(dir, name, FAKE_JAVA, args);
        pb.environment().put("BENCH_CDS", cds);
        pb.environment().put("BENCHKIT_CACHE", dir.resolve("cache").toString());
        pb.environment().remove("BENCH_JAVA_OPTS");
        pb.environment().remove("BENCH_MYSQL_PASSWORD");
        pb.environment().putAll(Map.of("BENCH_MYSQL_PASSWORD_FILE", dir.resolve("stale").toString()));
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return List.of(out.split("\n"));
    }
}
