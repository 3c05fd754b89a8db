package benchkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench.jar as {@code sysbench}: each line of a table runs through Debian's sysbench 1.0.20 and through bench.jar
 * against one Debian mariadbd, in the table's order (prepare, prewarm, runs, cleanup), and the two outputs must
 * be the same line for line once the numbers (times, rates, counts) are masked (bulk_insert's tables are the
 * oltp tables' names with other columns, so its lines come after the oltp cleanup); stderr empty for both, the exit
 * code the same. The connection options come from a sysbench {@code --config-file}, which keeps the password
 * out of both tools' process arguments.
 */
class SysbenchDropInIT {
    /**
     * A line of the table, and the exit code both tools must give; {@code sorted}: parallel threads print in no fixed
     * order, so the lines are compared sorted; {@code fresh}: the oltp tables are dropped before each tool runs it.
     */
    private record Line(String args, boolean sorted, boolean fresh, int exit) {
        Line(String args, boolean sorted) {
            this(args, sorted, false, 0);
        }
    }

    private static final String TABLES = " --tables=2 --table-size=2000";
    private static final List<Line> LINES = List.of(
            new Line("oltp_read_write" + TABLES + " prepare", false, true, 0),
            // prepare over tables that exist: CREATE TABLE fails; sysbench's parallel prepare still exits 0
            new Line("oltp_read_write" + TABLES + " prepare", false, false, 1),
            new Line("oltp_read_write" + TABLES + " --threads=2 prepare", true, false, 0),
            new Line("oltp_read_write" + TABLES + " --threads=2 prewarm", true),
            new Line("oltp_read_write" + TABLES + " --threads=2 --time=2 --report-interval=1 --histogram run", false),
            new Line("oltp_point_select" + TABLES + " --num-threads=2 --time=1 --percentile=99 run", false),
            new Line("oltp_point_select" + TABLES + " --threads=2 --events=2000 --time=0 run", false),
            new Line("oltp_read_only" + TABLES + " --time=1 --rate=50 --rand-seed=7 run", false),
            new Line("oltp_point_select" + TABLES + " --time=1 --verbosity=2 run", false),
            new Line("oltp_read_only" + TABLES + " --time=1 --db-ps-mode=disable run", false),
            new Line("oltp_point_select" + TABLES + " --threads=2 --time=3 --report-checkpoints=1,2 --histogram run", false),
            // a database that is not there: sysbench's connect error, exit 1
            new Line("oltp_point_select --mysql-db=nodb --time=1 run", false, false, 1),
            // sysbench 1.0.20 connects through --mysql-socket whenever one is given: the wrong port does not matter
            new Line("oltp_point_select" + TABLES + " --mysql-port=1 --mysql-socket=SOCKET --time=1 run", false),
            // sysbench's --mysql-ssl=on to a server that offers no TLS: its client library connects without it
            new Line("oltp_point_select" + TABLES + " --mysql-ssl=on --time=1 run", false),
            // a --table-size above the tables' rows: sysbench runs on the tables as they are, and so does bench
            new Line("oltp_point_select" + TABLES.replace("2000", "100000") + " --time=1 run", false),
            new Line("oltp_read_write --tables=2 cleanup", false),
            // a run on tables that are not there: sysbench's lines, in thread_init or at the first insert; nothing created
            new Line("oltp_read_only --tables=2 --time=1 run", false, false, 1),
            new Line("select_random_points --time=1 run", false, false, 1),
            new Line("oltp_insert --time=1 run", false, false, 1),
            new Line("bulk_insert --time=1 run", false, false, 1),
            // prewarm on tables that are not there: its read fails (oltp_common.lua:111); in parallel, exit 0
            new Line("oltp_read_only --tables=2 prewarm", false, false, 1),
            new Line("oltp_read_only --tables=2 --threads=2 prewarm", true, false, 0),
            new Line("bulk_insert --threads=2 prepare", false),
            new Line("bulk_insert --threads=2 --time=1 run", false),
            new Line("bulk_insert --threads=2 cleanup", false));

    @TempDir
    Path dir;

    private record Output(int exit, String out, String err) {
    }

    @Test
    void sysbenchLinesPrintWhatSysbenchPrints() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M", "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""))) {
            Target t = server.target();
            Path config = configFile(t);
            for (int i = 0; i < LINES.size(); i++) {
                Line line = LINES.get(i);
                List<String> args = new ArrayList<>(List.of(line.args().replace("SOCKET", t.socket().orElseThrow())
                        .split(" ")));
                args.add(0, "--config-file=" + config);
                List<String> cleanup = List.of("--config-file=" + config, "oltp_read_write", "--tables=2", "cleanup");
                if (line.fresh()) {
                    sysbench(cleanup);
                }
                Output sysbench = sysbench(args);
                if (line.fresh()) {
                    sysbench(cleanup);
                }
                // every other line through the launcher called sysbench, as a script would call it
                BenchJar.Result r = i % 2 == 0 ? BenchJar.run(dir, 120, args.toArray(new String[0])) : null;
                Output bench = r != null ? new Output(r.exit(), r.out(), r.err()) : launcher(args, Map.of());
                String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.out() + bench.err();
                assertEquals(line.exit(), sysbench.exit(), line.args() + both);
                assertEquals(sysbench.exit(), bench.exit(), line.args() + both);
                assertEquals("", sysbench.err() + bench.err(), line.args() + both);
                assertEquals(masked(sysbench.out(), line.sorted()), masked(bench.out(), line.sorted()), line.args() + both);
                if (line.args().contains("--events=2000")) {
                    assertTrue(bench.out().contains("\n    total number of events:              2000\n"), both);
                }
                assertTrue(!bench.out().contains(t.password()), "the password shows: " + both);
                if (line.exit() == 1 && line.args().endsWith(" run") && !line.args().contains("--mysql-db=nodb")) {
                    assertEquals(List.of(), tables(t), "a run that failed on missing tables created some: " + line.args());
                }
                if (line.args().contains("100000")) {
                    assertEquals(2000, maxId(t), "the tables were prepared again: " + line.args());
                }
            }
        }
    }

    @Test
    void badSysbenchLinesFailAsSysbenchsDo() throws Exception {
        for (String line : List.of("oltp_point_select --threads=0 run", "oltp_point_selectx run")) {
            List<String> args = List.of(line.split(" "));
            Output sysbench = sysbench(args);
            BenchJar.Result bench = BenchJar.run(dir, 60, args.toArray(new String[0]));
            assertEquals(1, sysbench.exit(), sysbench.out());
            assertEquals(1, bench.exit(), bench.all());
            // the message's words are bench's own, its form sysbench's: one FATAL line on stdout
            assertTrue(sysbench.out().lines().anyMatch(l -> l.startsWith("FATAL: ")), sysbench.out());
            assertEquals(1, bench.out().lines().filter(l -> l.startsWith("FATAL: ")).count(), bench.all());
            assertEquals("", bench.err(), bench.all());
        }
    }

    /**
     * An option neither sysbench nor the test takes: sysbench's banner, then "invalid option: ..." on stderr, before
     * any connection (the server here is not there), exit 1; for run, prepare and cleanup alike.
     */
    @Test
    void anUnknownOptionIsSysbenchsInvalidOption() throws Exception {
        for (String line : List.of("oltp_read_only --reconnect=5 --mysql-port=1 run",
                "oltp_point_select --table_sizee=5 --mysql-port=1 prepare", "oltp_read_write --bogus --mysql-port=1 cleanup")) {
            List<String> args = new ArrayList<>(List.of(line.split(" ")));
            args.add("--mysql-host=127.0.0.1");
            Output sysbench = sysbench(args);
            Output bench = launcher(args, Map.of());
            String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.out() + bench.err();
            assertEquals(1, sysbench.exit(), line + both);
            assertTrue(sysbench.err().startsWith("invalid option: "), line + both);
            assertEquals(sysbench.exit(), bench.exit(), line + both);
            assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), line + both);
            assertEquals(sysbench.err(), bench.err(), line + both);
        }
    }

    /**
     * The server sees from bench what it sees from sysbench (through libmariadb): the same commands (BEGIN and COMMIT
     * prepared, statements closed at the end) and the same bytes each way (8-byte integer parameters, result set
     * metadata cached), counted by the server's own status counters over the same number of events.
     */
    @Test
    void theServerCountsWhatItCountsForSysbench() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M"), AllocatorSpec.GLIBC, ""))) {
            Target t = server.target();
            Path config = dir.resolve("counters.cfg");
            Files.writeString(config, "mysql-host=127.0.0.1\nmysql-port=" + t.port() + "\nmysql-user=" + t.user()
                    + "\nmysql-password=" + t.password() + "\nmysql-db=" + t.database() + "\n");
            sysbench(List.of("--config-file=" + config, "oltp_read_only", "--tables=2", "--table-size=2000", "prepare"));
            List<String> exact = List.of("Com_stmt_prepare", "Com_stmt_execute", "Com_stmt_close", "Com_begin", "Com_commit");
            for (String test : List.of("oltp_read_only", "oltp_point_select")) {
                List<String> line = List.of("--config-file=" + config, test, "--tables=2", "--table-size=2000", "--threads=2",
                        "--events=400", "--time=0", "run");
                Map<String, Long> before = status(t);
                assertEquals(0, sysbench(line).exit(), test);
                Map<String, Long> bySysbench = delta(before, status(t));
                before = status(t);
                Output bench = launcher(line, Map.of());
                assertEquals(0, bench.exit(), test + ": " + bench.out() + bench.err());
                Map<String, Long> byBench = delta(before, status(t));
                for (String counter : exact) {
                    assertEquals(bySysbench.get(counter), byBench.get(counter), test + ": " + counter
                            + "\n sysbench: " + bySysbench + "\n bench:    " + byBench);
                }
                // nearly: the log-ins' attributes differ, bench reaches the server once before the run to read its
                // version and look for the tables (2 SELECTs, about 1 KB each way), sysbench's start reads 16 keys more
                for (String counter : List.of("Bytes_received", "Bytes_sent", "Com_select", "Handler_read_key")) {
                    long off = Math.abs(byBench.get(counter) - bySysbench.get(counter));
                    long allowed = counter.startsWith("Bytes") ? Math.max(bySysbench.get(counter) / 100, 2048) : 16;
                    assertTrue(off <= allowed, test + ": " + counter + " differs by " + off
                            + "\n sysbench: " + bySysbench + "\n bench:    " + byBench);
                }
            }
        }
    }

    /** The server's global status counters (each read adds a SHOW and its bytes, the same for both clients). */
    private static Map<String, Long> status(Target t) throws java.sql.SQLException {
        Map<String, Long> counters = new java.util.HashMap<>();
        try (java.sql.Connection c = benchkit.mysql.SqlConnector.to(benchkit.mysql.SqlEndpoint.of(t)).open();
             java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) {
                try {
                    counters.put(rs.getString(1), Long.parseLong(rs.getString(2)));
                } catch (NumberFormatException notACounter) {
                    // ON/OFF and text values
                }
            }
        }
        return counters;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new java.util.TreeMap<>();
        after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
        d.keySet().retainAll(List.of("Com_stmt_prepare", "Com_stmt_execute", "Com_stmt_close", "Com_begin", "Com_commit",
                "Com_select", "Handler_read_key", "Bytes_received", "Bytes_sent"));
        return d;
    }

    /** A server that is not there: sysbench's lines at once (it connects once), the same exit code. */
    @Test
    void unreachableServersFailAsSysbenchsDo() throws Exception {
        for (String line : List.of("oltp_read_only --mysql-host=127.0.0.1 --mysql-port=1 run",
                "oltp_read_write --mysql-socket=/nonexistent/mysqld.sock prepare",
                "oltp_point_select --mysql-host=127.0.0.1 --mysql-port=1 prewarm",
                "oltp_read_only --mysql-host=127.0.0.1 --mysql-port=1 cleanup",
                "select_random_points --mysql-host=127.0.0.1 --mysql-port=1 --rate=5 run",
                "bulk_insert --mysql-host=nohost.invalid prepare",
                "bulk_insert --mysql-host=127.0.0.1 --mysql-port=1 --bogus=1 --tables=2 run")) {   // takes any option
            List<String> args = List.of(line.split(" "));
            Output sysbench = sysbench(args);
            long start = System.nanoTime();
            BenchJar.Result bench = BenchJar.run(dir, 60, args.toArray(new String[0]));
            double seconds = (System.nanoTime() - start) / 1e9;
            String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.all();
            assertEquals(1, sysbench.exit(), line + both);
            assertEquals(1, bench.exit(), line + both);
            assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), line + both);
            assertEquals("", bench.err(), line + both);
            assertTrue(seconds < 15, line + ": bench waited " + seconds + " s for a server sysbench gave up on at once");
        }
    }

    /**
     * sysbench's --mysql-port list: its connections take the ports in turn, so both servers get load; with one of them
     * not there, the threads that connect to it fail with sysbench's lines.
     */
    @Test
    void aListOfServersSpreadsTheConnectionsAsSysbenchsDoes() throws Exception {
        ServerSpec spec = new ServerSpec("system", Map.of("innodb_buffer_pool_size", "128M"), AllocatorSpec.GLIBC, "");
        try (ServerHandle one = new MysqlLauncher().launch(spec); ServerHandle two = new MysqlLauncher().launch(spec)) {
            String ports = one.target().port() + "," + two.target().port();
            for (ServerHandle server : List.of(one, two)) {
                // one account on both, as a cluster has
                try (java.sql.Connection c = benchkit.mysql.SqlConnector.to(benchkit.mysql.SqlEndpoint.of(server.target())).open();
                     java.sql.Statement st = c.createStatement()) {
                    st.execute("CREATE USER 'spread'@'%' IDENTIFIED BY 'spread-pw'");
                    st.execute("GRANT ALL ON *.* TO 'spread'@'%'");
                }
            }
            // the account from a config file: no password in either tool's process arguments
            Path config = dir.resolve("spread.cfg");
            Files.writeString(config, "mysql-user=spread\nmysql-password=spread-pw\nmysql-db=" + one.target().database() + "\n");
            for (ServerHandle server : List.of(one, two)) {
                sysbench(List.of("--config-file=" + config, "oltp_point_select", "--mysql-host=127.0.0.1",
                        "--mysql-port=" + server.target().port(), "--tables=2", "--table-size=2000", "prepare"));
            }
            String common = "--config-file=" + config + " --mysql-host=127.0.0.1 --tables=2 --table-size=2000 --threads=4 --time=2";
            for (String line : List.of("oltp_point_select " + common + " --mysql-port=" + ports + " run",
                    "oltp_point_select " + common + " --mysql-port=" + one.target().port() + ",1 run",
                    // one thread connects to the first address only: the second not being there is no failure
                    "oltp_point_select " + common + " --threads=1 --mysql-port=" + one.target().port() + ",1 cleanup")) {
                List<String> args = List.of(line.split(" "));
                Output sysbench = sysbench(args);
                long[] before = {executes(one), executes(two)};
                BenchJar.Result bench = BenchJar.run(dir, 60, args.toArray(new String[0]));
                long[] load = {executes(one) - before[0], executes(two) - before[1]};
                String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.all();
                assertEquals(sysbench.exit(), bench.exit(), line + both);
                // threads that fail to connect at once print their messages in either order (sysbench's own race)
                boolean threadsFailTogether = line.endsWith(",1 run");
                assertEquals(masked(sysbench.out(), threadsFailTogether), masked(bench.out(), threadsFailTogether), line + both);
                assertEquals("", bench.err(), line + both);
                if (line.contains(ports)) {
                    assertTrue(load[0] > 1000 && load[1] > 1000, "both servers loaded: " + java.util.Arrays.toString(load));
                }
            }
        }
    }

    private static List<String> tables(Target t) throws java.sql.SQLException {
        try (java.sql.Connection c = benchkit.mysql.SqlConnector.to(benchkit.mysql.SqlEndpoint.of(t)).open();
             java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SHOW TABLES")) {
            List<String> names = new ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
            return names;
        }
    }

    private static long maxId(Target t) throws java.sql.SQLException {
        try (java.sql.Connection c = benchkit.mysql.SqlConnector.to(benchkit.mysql.SqlEndpoint.of(t)).open();
             java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery("SELECT MAX(id) FROM sbtest1")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * sysbench's --mysql-ssl=on to a server that offers TLS: without client-key.pem, client-cert.pem and cacert.pem
     * in the current directory its client library fails (error 2026), and so does bench, in the same lines; with them
     * sysbench would speak TLS, which bench's clients do not: refused in one FATAL line, exit 1.
     */
    @Test
    void aServerThatOffersTlsGetsSysbenchsLinesOrARefusal() throws Exception {
        Path cert = dir.resolve("server-cert.pem");
        Path key = dir.resolve("server-key.pem");
        Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=localhost", "-keyout", key.toString(), "-out", cert.toString()).redirectErrorStream(true).start();
        openssl.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        assertEquals(0, openssl.waitFor(), "openssl made the server's certificate");
        ServerSpec spec = new ServerSpec("system", Map.of("innodb_buffer_pool_size", "128M", "ssl_cert", cert.toString(),
                "ssl_key", key.toString()), AllocatorSpec.GLIBC, "");
        try (ServerHandle server = new MysqlLauncher().launch(spec)) {
            Target t = server.target();
            Path config = dir.resolve("tls.cfg");
            Files.writeString(config, "mysql-host=127.0.0.1\nmysql-port=" + t.port() + "\nmysql-user=" + t.user()
                    + "\nmysql-password=" + t.password() + "\nmysql-db=" + t.database() + "\n");
            List<String> args = List.of("--config-file=" + config, "oltp_point_select", "--mysql-ssl=on", "--time=1", "run");
            Output sysbench = sysbench(args);
            Output bench = launcher(args, Map.of());
            String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.out() + bench.err();
            assertEquals(1, sysbench.exit(), both);
            assertTrue(sysbench.out().contains("FATAL: error 2026: "), "the server offers TLS: " + both);
            assertEquals(sysbench.exit(), bench.exit(), both);
            assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), both);
            assertEquals("", bench.err(), both);
            for (String file : List.of("client-key.pem", "client-cert.pem", "cacert.pem")) {
                Files.writeString(dir.resolve(file), "");
            }
            bench = launcher(args, Map.of());
            assertEquals(1, bench.exit(), bench.out());
            assertEquals(1, bench.out().lines().filter(l -> l.startsWith("FATAL: ")
                    && l.contains("sysbench would connect over TLS; bench's clients speak no TLS")).count(), bench.out());
        }
    }

    private static long executes(ServerHandle server) throws java.sql.SQLException {
        try (java.sql.Connection c = benchkit.mysql.SqlConnector.to(benchkit.mysql.SqlEndpoint.of(server.target())).open();
             java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    /** A test with no command: the oltp scripts' "Command is required" (exit 1); bulk_insert does nothing (exit 0). */
    @Test
    void aTestWithoutACommandEndsAsSysbenchs() throws Exception {
        for (String line : List.of("oltp_read_only --tables=2", "/usr/share/sysbench/select_random_points.lua",
                "bulk_insert --threads=2")) {
            List<String> args = List.of(line.split(" "));
            Output sysbench = sysbench(args);
            BenchJar.Result bench = BenchJar.run(dir, 60, args.toArray(new String[0]));
            String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.all();
            assertEquals(sysbench.exit(), bench.exit(), line + both);
            assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), line + both);
            assertEquals("", sysbench.err() + bench.err(), line + both);
        }
    }

    /**
     * The launcher called {@code sysbench} that the build puts beside bench.jar: with no test, --version and --help it
     * answers as sysbench does; with a test, as bench.jar does (the table above runs through both). Its first run with
     * a java writes a class-data archive, the later ones start from it; on Java 24+ stderr stays empty (no JMH warning).
     */
    @Test
    void theSysbenchLauncherAnswersAsSysbench() throws Exception {
        for (String line : List.of("", "--version", "oltp_read_only --version run", "run", "help", "--threads=2 help",
                "oltp_read_onlyy run", "tests/db/nosuch.lua run")) {
            List<String> args = line.isEmpty() ? List.of() : List.of(line.split(" "));
            Output sysbench = sysbench(args);
            Output bench = launcher(args, Map.of());
            String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.out() + bench.err();
            assertEquals(sysbench.exit(), bench.exit(), "'" + line + "'" + both);
            assertEquals("", bench.err(), "'" + line + "'" + both);
            assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), "'" + line + "'" + both);
        }
        // sysbench's own CPU test (which runs 10 s in sysbench): one FATAL line saying bench runs none such
        Output cpu = launcher(List.of("cpu", "run"), Map.of());
        assertEquals(1, cpu.exit(), cpu.out());
        assertEquals(1, cpu.out().lines().filter(l -> l.startsWith("FATAL: ") && l.contains("a CPU test")).count(), cpu.out());
        // --help: sysbench's usage, up to its PostgreSQL driver, which bench has not; then the same mysql options
        String usage = sysbench(List.of("--help")).out();
        Output help = launcher(List.of("--help"), Map.of());
        assertEquals(0, help.exit(), help.out());
        String shared = usage.substring(0, usage.indexOf("  pgsql - PostgreSQL driver"));
        String mysql = usage.substring(usage.indexOf("mysql options:"), usage.indexOf("pgsql options:"));
        assertTrue(help.out().startsWith(shared) && help.out().contains(mysql), help.out());
        assertTrue(help.out().contains("\n  oltp_read_only\n") && help.out().endsWith(
                usage.substring(usage.indexOf("See 'sysbench <testname> help'"))), help.out());
        // a Lua script on standard input: run as sysbench runs it
        Path script = Files.writeString(dir.resolve("script.lua"), "print('hello')\n");
        Output stdin = program(List.of(launcherPath().toString()), Map.of("BENCHKIT_CACHE", dir.resolve("cache").toString()),
                script);
        assertEquals(0, stdin.exit(), stdin.out() + stdin.err());
        assertTrue(stdin.out().endsWith("\n\nhello\n"), stdin.out());

        // the class-data archive: written by the first run with a given java, used by the next; Java 25 too if here
        List<Map<String, String>> javas = new ArrayList<>(List.of(Map.of()));
        Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        if (Files.isExecutable(java25)) {
            javas.add(Map.of("JAVA", java25.toString()));
        }
        for (Map<String, String> java : javas) {
            Path cache = Files.createDirectories(dir.resolve("cache-" + java.size()));
            Map<String, String> env = new java.util.HashMap<>(java);
            env.put("BENCHKIT_CACHE", cache.toString());
            List<String> helpLine = List.of("oltp_point_select", "help");
            Output first = launcher(helpLine, env);
            try (Stream<Path> archives = Files.list(cache.resolve("classes"))) {
                assertEquals(1, archives.filter(f -> f.toString().endsWith(".jsa")).count(), "one archive: " + env);
            }
            Path loaded = dir.resolve("class-load-" + java.size() + ".log");
            Map<String, String> logged = new java.util.HashMap<>(env);
            logged.put("BENCH_JAVA_OPTS", "-Xlog:class+load=info:file=" + loaded);
            Output second = launcher(helpLine, logged);
            assertEquals(List.of(0, 0), List.of(first.exit(), second.exit()), first.out() + first.err() + second.err());
            // picocli too, built from its sources for Java 17 (cli/pom.xml): its jar's Java 5 classes cannot be archived
            assertTrue(Files.readAllLines(loaded).stream().anyMatch(l -> l.contains(" picocli.CommandLine source: shared objects file")),
                    "picocli's classes from the archive: " + env);
            assertEquals(first.out(), second.out(), "the same answer from the archive: " + env);
            assertEquals("", first.err() + second.err(), "nothing on stderr: " + env);
            assertEquals(masked(sysbench(helpLine).out(), false).lines().findFirst(),
                    masked(second.out(), false).lines().findFirst(), env.toString());
        }
    }

    /**
     * Under LC_ALL=C (as CI and containers run) a non-ASCII file name reaches bench through the launcher, which gives
     * the JVM C.UTF-8; {@code java -jar} in that locale says which locale to use, in one line (issue #51).
     */
    @Test
    void aNonAsciiPathUnderTheCLocale() throws Exception {
        Path missing = dir.resolve("ünï");
        ProcessBuilder viaLauncher = new ProcessBuilder(launcherPath().resolveSibling("bench").toString(), "report",
                missing.toString()).directory(dir.toFile());
        viaLauncher.environment().put("LC_ALL", "C");
        Process p = viaLauncher.start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), err);
        assertEquals("bench: " + missing + " does not exist; check the path, and name a run's result directory"
                + " (e.g. bench-results/*)", err.strip());

        ProcessBuilder plainJava = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", launcherPath().resolveSibling("bench.jar").toString(), "report", missing.toString())
                .directory(dir.toFile());
        plainJava.environment().put("LC_ALL", "C");
        Process q = plainJava.start();
        String err2 = new String(q.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, q.waitFor(), err2);
        // the JVM read the name's non-ASCII bytes as U+FFFD: refused before anything, with the locale to use
        assertTrue(err2.contains("holds characters the locale (ANSI_X3.4-1968) cannot read, so bench would run with "
                + "something else than was written; run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8"), err2);
        assertFalse(err2.contains("InvalidPathException"), err2);
    }

    /**
     * The launcher's first run (the one that writes the archive, not exec'd): a SIGTERM to the script stops bench at
     * once, the script ends with bench's exit code, and no partial archive is left behind.
     */
    @Test
    void theLaunchersFirstRunStopsWithItsJvm() throws Exception {
        Path cache = dir.resolve("cache-signal");
        ProcessBuilder pb = new ProcessBuilder(launcherPath().resolveSibling("bench").toString(), "--workload", "point-select",
                "--mysql-host=127.0.0.1", "--mysql-port=1", "--connect-timeout", "60").directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("signal.out").toFile());
        pb.environment().put("BENCHKIT_CACHE", cache.toString());
        Process script = pb.start();
        List<ProcessHandle> jvm = List.of();
        for (int i = 0; i < 100 && jvm.isEmpty(); i++) {
            Thread.sleep(100);
            jvm = script.descendants().toList();
        }
        assertTrue(!jvm.isEmpty(), "the launcher started java");
        Thread.sleep(2000);   // bench is waiting for the server
        script.destroy();     // SIGTERM
        assertTrue(script.waitFor(20, TimeUnit.SECONDS), "the launcher ended: " + Files.readString(dir.resolve("signal.out")));
        assertEquals(143, script.exitValue(), Files.readString(dir.resolve("signal.out")));
        for (ProcessHandle h : jvm) {
            assertTrue(h.onExit().get(10, TimeUnit.SECONDS) != null && !h.isAlive(), "java is gone");
        }
        try (Stream<Path> left = Files.list(cache.resolve("classes"))) {
            assertEquals(List.of(), left.toList(), "no archive from a run that did not succeed");
        }
    }

    /**
     * Lua scripts given by path run as written (issue #49): a script of one's own, an edited copy of a stock script
     * (three point selects per event: 3 queries per transaction, where bench's Java version would run one) and a renamed
     * copy that is sysbench's byte for byte, through Debian's sysbench and the launcher, the outputs the same once
     * masked; and a sysbench line leaves no result files behind.
     */
    @Test
    void scriptsGivenByPathRunAsWritten() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M", "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""))) {
            Target t = server.target();
            Path config = configFile(t);
            Files.writeString(dir.resolve("kv_custom.lua"), """
                    sysbench.cmdline.options = { rows = {"Rows", 50} }
                    function prepare()
                      local con = sysbench.sql.driver():connect()
                      print("Creating table 'kv'...")
                      con:query("CREATE TABLE kv (id INT PRIMARY KEY, v VARCHAR(20))")
                      con:bulk_insert_init("INSERT INTO kv VALUES")
                      for i = 1, sysbench.opt.rows do con:bulk_insert_next(string.format("(%d, '%s')", i, "v" .. i)) end
                      con:bulk_insert_done()
                    end
                    function cleanup() sysbench.sql.driver():connect():query("DROP TABLE kv") end
                    function thread_init() con = sysbench.sql.driver():connect() end
                    function event()
                      local v = con:query_row("SELECT v FROM kv WHERE id = " .. sysbench.rand.uniform(1, sysbench.opt.rows))
                      assert(v:sub(1, 1) == "v")
                    end
                    """);
            String stock = Files.readString(Path.of("/usr/share/sysbench/oltp_point_select.lua"));
            Path edited = Files.createDirectories(dir.resolve("edited")).resolve("oltp_point_select.lua");
            Files.writeString(edited, stock.replace("function event()\n   execute_point_selects()\nend",
                    "function event()\n   execute_point_selects()\n   execute_point_selects()\n   execute_point_selects()\nend"));
            Files.writeString(dir.resolve("my_point_select.lua"), stock);
            // each tool runs the whole sequence on its own (each prepares and cleans up), the outputs compared step by step
            List<List<String>> lines = List.of(
                    List.of("./kv_custom.lua", "--rows=100", "prepare"),
                    List.of("./kv_custom.lua", "--rows=100", "--threads=2", "--events=200", "run"),
                    List.of("./kv_custom.lua", "cleanup"),
                    List.of("./my_point_select.lua", "--table-size=1000", "prepare"),
                    List.of(edited.toString(), "--table-size=1000", "--threads=2", "--events=300", "run"),
                    List.of("./my_point_select.lua", "--table-size=1000", "--threads=2", "--events=300", "run"),
                    List.of("./my_point_select.lua", "cleanup"));
            List<Output> bySysbench = new ArrayList<>();
            List<Output> byBench = new ArrayList<>();
            for (List<Output> outputs : List.of(bySysbench, byBench)) {
                for (List<String> line : lines) {
                    List<String> args = new ArrayList<>(line);
                    args.add(0, "--config-file=" + config);
                    outputs.add(outputs == bySysbench ? sysbench(args) : launcher(args, Map.of()));
                }
            }
            for (int i = 0; i < lines.size(); i++) {
                List<String> line = lines.get(i);
                Output sysbench = bySysbench.get(i);
                Output bench = byBench.get(i);
                String both = "\n--- sysbench:\n" + sysbench.out() + sysbench.err() + "\n--- bench:\n" + bench.out() + bench.err();
                assertEquals(0, sysbench.exit(), line + both);
                assertEquals(0, bench.exit(), line + both);
                assertEquals("", sysbench.err() + bench.err(), line + both);
                assertEquals(masked(sysbench.out(), false), masked(bench.out(), false), line + both);
                if (line.get(0).equals(edited.toString())) {
                    // the edit ran: three point selects per transaction (sysbench's own count, and bench's)
                    for (Output o : List.of(sysbench, bench)) {
                        assertTrue(o.out().contains("\n    transactions:                        300    (")
                                && o.out().contains("\n    queries:                             900    ("), line + both);
                    }
                }
            }
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().equals("bench-results")).toList(),
                        "a sysbench line wrote result files");
            }
        }
    }

    /** sysbench's --config-file for {@code t}: the connection options, the password kept out of process arguments. */
    private Path configFile(Target t) throws IOException {
        return Files.writeString(dir.resolve("sysbench.cfg"), "mysql-host=127.0.0.1\nmysql-port=" + t.port() + "\nmysql-user="
                + t.user() + "\nmysql-password=" + t.password() + "\nmysql-db=" + t.database() + "\n");
    }

    private static Path launcherPath() {
        return BenchJar.jar().toAbsolutePath().resolveSibling("sysbench");
    }

    private Output launcher(List<String> args, Map<String, String> env) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcherPath().toString()));
        command.addAll(args);
        Map<String, String> withCache = new java.util.HashMap<>(Map.of("BENCHKIT_CACHE", dir.resolve("cache").toString()));
        withCache.putAll(env);
        return program(command, withCache, null);
    }

    private Output sysbench(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sysbench"));
        command.addAll(args);
        return program(command, Map.of(), null);
    }

    /** Runs {@code command} in the test's directory, standard input from {@code stdin} (none: /dev/null). */
    private Output program(List<String> command, Map<String, String> env, Path stdin) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "program", ".out");
        Path err = Files.createTempFile(dir, "program", ".err");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(stdin == null ? new java.io.File("/dev/null") : stdin.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish: " + command);
        }
        return new Output(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /**
     * The output without what differs from run to run: the banner's program, numbers (and the padding that
     * aligns them) and the histogram's rows (their buckets depend on the latencies).
     */
    static String masked(String out, boolean sorted) {
        List<String> lines = new ArrayList<>();
        if (sorted) {   // sysbench's threads print at once: one's message may run into another's ahead of its newline,
            // which then ends a line of its own (so blank lines are not compared either)
            out = out.replaceAll("(?<=[^\\n])(?=(Prewarming table |Creating table |Inserting [0-9]|Creating a secondary|FATAL: ))", "\n")
                    .replaceAll("\n\n+", "\n");
        }
        // sysbench's log writes a message that another thread had just written as "(last message repeated N times)"
        out = expandRepeats(out);
        for (String l : out.lines()
                .map(l -> l.startsWith("sysbench 1.0.20 ") ? "sysbench 1.0.20" : l)
                .filter(l -> !l.matches(" *[0-9]+\\.[0-9]{3} \\|\\**\\s+[0-9]+"))
                .map(l -> l.replaceAll("[0-9]+(\\.[0-9]+)?", "N").replaceAll(" +N", " N").replaceAll("N +\\(", "N ("))
                .toList()) {
            // progress lines, one per kind: sysbench's report thread prints the one stamped at the run's end or not,
            // as it races with the workers' stop (a loaded machine's 2-s run printed "[ 1s ]" alone)
            if (!(l.startsWith("[ Ns ]") && !lines.isEmpty() && lines.get(lines.size() - 1).equals(l))) {
                lines.add(l);
            }
        }
        return String.join("\n", sorted ? lines.stream().sorted().toList() : lines);
    }

    private static String expandRepeats(String out) {
        List<String> lines = new ArrayList<>();
        for (String l : out.split("\n", -1)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(last message repeated ([0-9]+) times\\)").matcher(l);
            if (m.matches() && !lines.isEmpty()) {
                String previous = lines.get(lines.size() - 1);
                for (int i = 0; i < Integer.parseInt(m.group(1)); i++) {
                    lines.add(previous);
                }
            } else {
                lines.add(l);
            }
        }
        return String.join("\n", lines);
    }
}
