package benchkit.cli;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pasted sysbench lines through {@link Main#run} against Debian's mariadbd, launched as the other
 * modules' tests launch it: a 1.0 prepare with options before the test name, a 0.5 read-only run
 * without --test at --verbosity 4 (bench's lines too) into --out, and a 1.0 cleanup, with the password on
 * the line and never in the output. Line-for-line agreement with sysbench itself: SysbenchDropInIT.
 */
class SysbenchLinesMariadbTest {
    @TempDir
    Path dir;

    private record Outcome(int exit, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private static Outcome run(String line) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int exit = Main.run(line.strip().split("\\s+"));
            return new Outcome(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void prepareRunAndCleanupAsPasted() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M", "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""))) {
            Target t = server.target();
            String connect = "--mysql-host=127.0.0.1 --mysql-port=" + t.port() + " --mysql-user=" + t.user()
                    + " --mysql-password=" + t.password() + " --mysql-db=" + t.database();

            Outcome prepare = run(connect + " --db-driver=mysql --tables=2 --table-size=500 --threads=2 --time=60"
                    + " oltp_read_only prepare");
            assertEquals(0, prepare.exit(), prepare.all());
            for (int table = 1; table <= 2; table++) {       // two threads, one table each: in no fixed order
                for (String line : List.of("Creating table 'sbtest%d'...", "Inserting 500 records into 'sbtest%d'",
                        "Creating a secondary index on 'sbtest%d'...")) {
                    assertTrue(prepare.out().contains("\n" + line.formatted(table) + "\n"), "sysbench's lines: " + prepare.all());
                }
            }
            assertTrue(prepare.out().startsWith("sysbench 1.0.20 (benchkit ") && prepare.out().contains(
                    "\n\nInitializing worker threads...\n\n"), prepare.all());
            assertEquals("", prepare.err(), "bench's notes are sysbench's info level, above its default verbosity");

            Path out = dir.resolve("ro");
            Outcome ro = run(connect + " --oltp-tables-count=2 --oltp-table-size=500 --oltp-read-only=on --num-threads=2"
                    + " --max-time=2 --max-requests=0 --oltp-dist-type=uniform --report-interval=1 --collectors none"
                    + " --out " + out + " --verbosity=4 run");
            assertEquals(0, ro.exit(), ro.all());
            assertTrue(ro.out().startsWith("WARNING: --num-threads is deprecated, use --threads instead\n"
                    + "WARNING: --max-requests is deprecated, use --events instead\n"
                    + "WARNING: --max-time is deprecated, use --time instead\nsysbench 1.0.20 (benchkit "), ro.all());
            assertTrue(ro.out().contains("\nSQL statistics:\n") && ro.out().contains("# Benchmark: benchkit.oltp-read-only")
                    && ro.out().contains("Iteration   1: "), "verbosity 4 adds bench's lines: " + ro.all());
            assertTrue(ro.err().contains("bench: note: --oltp-tables-count is --tables"), ro.all());
            assertFalse(ro.out().contains("Iteration   2: ") || ro.out().contains("Warmup Iteration"),
                    "one measurement of --max-time, no warmup, as sysbench: " + ro.all());
            assertTrue(Files.readString(out.resolve("jmh-result.json")).contains("\"rand-type\" : \"uniform\""),
                    "the 0.5 option reached the workload");

            Outcome cleanup = run(connect + " oltp_read_only --tables=2 cleanup");
            assertEquals(0, cleanup.exit(), cleanup.all());
            assertTrue(cleanup.out().endsWith("\n\nDropping table 'sbtest1'...\nDropping table 'sbtest2'...\n"), cleanup.all());

            // bench's own prewarm over tables that are gone says so in its words, and what to run (the outside
            // sweep's #135: sysbench's "call_command' function failed: ...oltp_common.lua:111: SQL error, errno = 1146")
            Outcome prewarm = run("prewarm --workload point-select " + connect.replace("=", " "));
            assertEquals(1, prewarm.exit(), prewarm.all());
            assertTrue(prewarm.err().endsWith("\nbench: error: point-select prewarm: table " + t.database() + ".sbtest1 does "
                    + "not exist on " + t.product() + " " + t.version() + " at 127.0.0.1:" + t.port() + " user=" + t.user()
                    + " db=" + t.database() + "; bench prepare --workload point-select with the same options creates the "
                    + "tables\n"), prewarm.all());    // after the note that the password shows in the process list

            for (Outcome o : new Outcome[] {prepare, ro, cleanup}) {
                assertFalse(o.all().contains(t.password()), "the password shows: " + o.all());
            }
            assertTrue(ro.err().contains("--mysql-password shows in the process list"), ro.all());
            for (Path f : Files.walk(out).filter(Files::isRegularFile).toList()) {
                assertFalse(Files.readString(f).contains(t.password()), "the password is in " + f);
            }
        }
    }
}
