package benchkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench prepare} on an external server that does not finish (issue #51): stopped by Ctrl-C, a server that
 * stops answering (SIGSTOP), a server killed. Each ends with one line saying what is left and what to run, where bench
 * printed nothing, froze its progress line without a word, or showed the driver's "Socket error".
 */
class DataStepsIT {
    /** Rows enough that the prepare is still loading when the test acts (about 10 s on this machine). */
    private static final String ROWS = "1000000";

    @TempDir
    Path dir;

    private static ServerHandle server() throws Exception {
        return new MysqlLauncher().launch(new ServerSpec("system", Map.of("innodb_buffer_pool_size", "256M",
                "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""));
    }

    private BenchJar.Running prepare(Target t) throws Exception {
        return BenchJar.start(dir, Map.of("BENCH_MYSQL_PASSWORD", t.password()), "prepare", "--workload",
                "oltp-read-write", "--mysql-host", "127.0.0.1", "--mysql-port", String.valueOf(t.port()), "--mysql-user",
                t.user(), "--mysql-db", t.database(), "--tables", "1", "--table-size", ROWS);
    }

    /** What a prepare stopped short says of sbtest1 (DataStepWatch.unfinished): the rows its commits kept. */
    private static final String SBTEST1_LEFT = "sbtest1 (not filled \\((none of its 1,000,000 rows kept; the [0-9,]+ sent were "
            + "not committed|[0-9,]+ of 1,000,000 rows kept(; the [0-9,]+ sent after them were not committed|, and perhaps "
            + "the [0-9,]+ of its last transaction, whose commit was under way))\\)|filled \\(all 1,000,000 rows kept\\) but "
            + "not finished \\(what comes after its rows, such as an index, may be missing\\))";

    /** Waits until the prepare's output shows rows loading. */
    private static void awaitLoading(BenchJar.Running bench) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (Files.readString(bench.out()).matches("(?s).*sbtest1 +[0-9]+% .*")) {
                return;
            }
            if (!bench.process().isAlive()) {
                throw new AssertionError("prepare ended before loading: " + bench.finish(1).all());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no rows loading after 30 s: " + Files.readString(bench.out()));
    }

    private static void signal(String signal, long pid) throws Exception {
        // in the C locale: procps' kill misreads -CONT and -HUP under tr_TR, which the tests run in
        ProcessBuilder kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid));
        kill.environment().put("LC_ALL", "C");
        assertEquals(0, kill.start().waitFor());
    }

    /**
     * Run B with a larger --table-size on the database run A measures: its prepare would drop and re-create A's tables,
     * and A failed mid-iteration naming neither cause nor remedy. B now refuses before dropping anything (the named lock
     * A holds), naming A's connection and the remedy, and A ends as it would have.
     */
    @Test
    void aSecondRunRefusesToPrepareTheTablesAnotherRunMeasures() throws Exception {
        try (ServerHandle server = server()) {
            Target t = server.target();
            Map<String, String> env = Map.of("BENCH_MYSQL_PASSWORD", t.password());
            String[] external = {"--workload", "point-select", "--mysql-host", "127.0.0.1", "--mysql-port",
                String.valueOf(t.port()), "--mysql-user", t.user(), "--mysql-db", t.database(), "--threads", "2",
                "--warmup-iterations", "0", "--report-interval", "0"};
            // long enough to be measuring still when B, a JVM starting on a loaded machine, comes to prepare
            BenchJar.Running a = BenchJar.start(dir, env, BenchJar.args(external, "--table-size", "1000", "--time", "5",
                    "--iterations", "8", "--out", dir.resolve("a").toString()));
            for (int i = 0; i < 1200 && !Files.readString(a.out()).contains("Iteration"); i++) {
                if (!a.process().isAlive()) {
                    throw new AssertionError("run A ended before measuring: " + a.finish(1).all());
                }
                Thread.sleep(50);
            }
            BenchJar.Result b = BenchJar.run(dir, 120, env, BenchJar.args(external, "--table-size", "2000", "--time", "1",
                    "--iterations", "1", "--out", dir.resolve("b").toString()));
            assertTrue(a.process().isAlive(), "run A still measures as B ends");
            assertEquals(2, b.exit(), b.all());
            assertTrue(b.err().contains("prepare would drop the tables of database " + t.database() + " on 127.0.0.1:"
                    + t.port() + ", which another bench run is using (connection "), b.err());
            assertTrue(b.err().contains("give this run its own --mysql-db, or wait until that run ends"), b.err());
            assertFalse(b.all().contains("\tat "), b.all());
            BenchJar.Result ran = a.finish(120);
            assertEquals(0, ran.exit(), "run A measured on: " + ran.all());
        }
    }

    @Test
    void ctrlCSaysWhichTablesAreLeftHalfLoadedAndWhatToRun() throws Exception {
        try (ServerHandle server = server()) {
            BenchJar.Running bench = prepare(server.target());
            awaitLoading(bench);
            signal("INT", bench.process().pid());
            BenchJar.Result r = bench.finish(60);
            assertEquals(130, r.exit(), r.all());
            // the rows committed, not those sent (an uncommitted transaction's rows are rolled back)
            assertTrue(r.err().matches("(?s).*bench: oltp-read-write prepare stopped by Ctrl-C \\(SIGINT\\); " + SBTEST1_LEFT
                    + "; run bench prepare again \\(it replaces the tables\\) or bench cleanup\n.*"), r.all());
            assertFalse(r.all().contains("\tat "), r.all());
        }
    }

    @Test
    void aServerThatStopsAnsweringIsSaidToAndThePrepareGoesOnWhenItIsBack() throws Exception {
        try (ServerHandle server = server()) {
            BenchJar.Running bench = prepare(server.target());
            awaitLoading(bench);
            signal("STOP", server.pid());
            try {
                for (int i = 0; i < 400 && !Files.readString(bench.out()).contains("# Warning: no progress for"); i++) {
                    Thread.sleep(100);
                }
            } finally {
                signal("CONT", server.pid());
            }
            BenchJar.Result r = bench.finish(180);
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().matches("(?s).*# Warning: no progress for [0-9]+ s, and .* does not answer a new connection "
                    + "within 5 s \\(is it stopped, or overloaded\\?\\); still waiting.*"), r.all());
            assertTrue(r.out().contains("Prepared sbtest1 (1000000 rows"), r.all());
        }
    }

    @Test
    void aServerKilledMidPrepareIsSaidToHaveGoneAwayWithWhatIsLeft() throws Exception {
        try (ServerHandle server = server()) {
            BenchJar.Running bench = prepare(server.target());
            awaitLoading(bench);
            signal("KILL", server.pid());
            BenchJar.Result r = bench.finish(60);
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().matches("(?s).*bench: error: oltp-read-write prepare: lost the connection to .* the server "
                    + "went away \\(killed, crashed or restarted\\? its error log says\\); " + SBTEST1_LEFT
                    + "; once it is back, run bench prepare again.*"), r.all());
            assertFalse(r.all().contains("\tat "), r.all());
        }
    }
}
