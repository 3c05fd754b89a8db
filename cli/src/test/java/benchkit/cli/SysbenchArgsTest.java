package benchkit.cli;

import benchkit.sysbench.line.SysbenchArgs;

import benchkit.core.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sysbench command lines as users paste them (after {@code sysbench} or {@code bench}): what bench runs
 * for each, the note it prints, or the one line with which it refuses (exit 2). None starts a server.
 */
class SysbenchArgsTest {
    private static final String HOST = "--mysql-host=db1 --mysql-user=sbtest";
    private static final String ONE_RUN = " --warmup-iterations=0 --iterations=1";

    private final List<String> notes = new ArrayList<>();

    /** What bench runs for {@code line}, but for the console of sysbench lines (sysbenchLinesGetSysbenchsConsole). */
    private String[] translate(String line) {
        return List.of(SysbenchLine.ARGS.translate(line.strip().split("\\s+"), notes::add)).stream()
                .filter(a -> !a.equals("--format=sysbench") && !a.equals("--report-interval=0")
                        && !a.equals("--client-threads=platform") && !a.equals("--connect-timeout=0")
                        && !a.startsWith("--sysbench-test=")
                        && !(a.equals("--mysql-socket=" + SysbenchArgs.DEFAULT_SOCKET) && !line.contains("--mysql-socket")))
                .toArray(String[]::new);
    }

    /**
     * Accepted lines: {@code line | what bench runs | a note it prints ("" for none)}. What bench runs
     * must also parse, and its workload accept its options, as before a real run.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        # sysbench takes '_' and '-' alike in option names, as two public benchmark scripts write them
        oltp_read_only --mysql_host=db1 --mysql_user=u --mysql_port=3307 --mysql_db=x --report_interval=1 run \
          | run --workload=oltp-read-only --mysql-host=db1 --mysql-user=u --mysql-port=3307 --mysql-db=x --report-interval=1 --warmup-iterations=0 --iterations=1 --threads=1 --time=10 | ""
        # The five forms of issue 17 that failed
        --mysql-host=db1 --tables=2 oltp_read_only prepare \
          | prepare --workload=oltp-read-only --mysql-host=db1 --tables=2 --existing-tables=fail | ""
        --mysql-host=db1 --mysql-port=3307 prepare --workload oltp-read-only \
          | prepare --mysql-host=db1 --mysql-port=3307 --workload oltp-read-only | ""
        # sysbench's lists: its connections take the hosts (and each host's ports) in turn
        oltp_read_only --mysql-host=db1,db2 --mysql-port=3306,3307 run \
          | run --workload=oltp-read-only --mysql-host=db1,db2 --mysql-port=3306,3307 --warmup-iterations=0 --iterations=1 --threads=1 --time=10 | ""
        --mysql-host=db1 --oltp-tables-count=2 --oltp-read-only=on --num-threads=4 --max-time=5 --max-requests=0 run \
          | run --workload=oltp-read-only --mysql-host=db1 --tables=2 --threads=4 --time=5 --events=0 --warmup-iterations=0 --iterations=1 \
          | --test=oltp --oltp-read-only=on is --workload oltp-read-only
        --test=tests/db/parallel_prepare.lua --mysql-host=db1 --oltp-table-size=3000 --oltp-tables-count=4 --num-threads=4 --max-time=60 run \
          | prepare --workload=oltp-read-write --mysql-host=db1 --table-size=3000 --tables=4 --threads=4 --existing-tables=fail \
          | --test=tests/db/parallel_prepare.lua run is bench prepare --workload oltp-read-write
        --test=oltp --mysql-host=db1 --oltp-test-mode=complex --oltp-reconnect-mode=session --oltp-connect-delay=10000 \
          --oltp-user-delay-min=0 --oltp-user-delay-max=0 --oltp-table-name=sbtest --oltp-dist-iter=12 --oltp-dist-pct=1 \
          --oltp-dist-res=75 --oltp-avoid-deadlocks=off --oltp-use-in-statement=0 --oltp-point-select-mysql-handler=off \
          --mysql-engine-trx=yes --myisam-max-rows=1000000 --mysql-table-engine=innodb --oltp-auto-inc=on \
          --oltp-nontrx-mode=select --init-rng=on --max-requests=0 --max-time=60 --num-threads=8 --forced-shutdown=off \
          --thread-stack-size=64K --db-ps-mode=auto --debug=off --validate=off run \
          | run --workload=oltp-read-write --mysql-host=db1 --table-name=sbtest --rand-spec-iter=12 --rand-spec-pct=1 --rand-spec-res=75 \
            --mysql-storage-engine=innodb --auto-inc=on --events=0 --time=60 --threads=8 --db-ps-mode=auto --warmup-iterations=0 \
            --iterations=1 \
          | --oltp-connect-delay is ignored: it only delays connecting
        # Study A (sysbench 0.5): prepare with parallel_prepare.lua, then read-only and read-write
        --test=tests/db/oltp.lua --max-time=3600 --oltp-dist-type=uniform --max-requests=0 --mysql-table-engine=innodb \
          --oltp-table-size=3000000 --oltp-tables-count=32 --oltp-range-size=90 --oltp-point-selects=12 --num-threads=64 \
          --oltp-read-only=on run \
          | run --workload=oltp-read-only --time=3600 --rand-type=uniform --events=0 --mysql-storage-engine=innodb \
            --table-size=3000000 --tables=32 --range-size=90 --point-selects=12 --threads=64 --warmup-iterations=0 --iterations=1 \
          | --num-threads is --threads in sysbench 1.0 and bench
        --test=tests/db/oltp.lua --max-time=3600 --oltp-dist-type=uniform --max-requests=0 --mysql-table-engine=innodb \
          --oltp-table-size=3000000 --oltp-tables-count=32 --oltp-range-size=90 --oltp-point-selects=12 \
          --oltp-index-updates=1 --oltp-non-index-updates=1 --num-threads=32 run \
          | run --workload=oltp-read-write --time=3600 --rand-type=uniform --events=0 --mysql-storage-engine=innodb \
            --table-size=3000000 --tables=32 --range-size=90 --point-selects=12 --index-updates=1 --non-index-updates=1 \
            --threads=32 --warmup-iterations=0 --iterations=1 \
          | --test=tests/db/oltp.lua is --workload oltp-read-write
        # Study C (sysbench 0.4): its options as printed, then a whole line of one of its 8 processes
        --oltp-point-selects=1 --oltp-simple-ranges=0 --oltp-sum-ranges=0 --oltp-order-ranges=0 --oltp-distinct-ranges=0 \
          --oltp-skip-trx=on --oltp-read-only=on \
          | --workload=oltp-read-only --point-selects=1 --simple-ranges=0 --sum-ranges=0 --order-ranges=0 \
            --distinct-ranges=0 --skip-trx=on --warmup-iterations=0 --iterations=1 --threads=1 --events=10000 --time=604800 \
          | sysbench 0.4/0.5 stop after --max-requests=10000 events by default
        --test=oltp --mysql-socket=/run/mysqld/mysqld.sock --mysql-user=sbtest --oltp-table-name=sbtest3 \
          --oltp-table-size=10000000 --oltp-point-selects=1 --oltp-simple-ranges=0 --oltp-sum-ranges=0 --oltp-order-ranges=0 \
          --oltp-distinct-ranges=0 --oltp-skip-trx=on --oltp-read-only=on --num-threads=64 --max-requests=0 --max-time=60 run \
          | run --workload=oltp-read-only --mysql-socket=/run/mysqld/mysqld.sock --mysql-user=sbtest --table-name=sbtest3 \
            --table-size=10000000 \
            --point-selects=1 --simple-ranges=0 --sum-ranges=0 --order-ranges=0 --distinct-ranges=0 --skip-trx=on \
            --threads=64 --events=0 --time=60 --warmup-iterations=0 --iterations=1 \
          | --oltp-table-name is bench's --table-name
        # sysbench 0.4's other modes of its oltp test
        --test=oltp --oltp-test-mode=simple --oltp-table-size=100000 --num-threads=16 --max-requests=100000 run \
          | run --workload=point-select --table-size=100000 --threads=16 --events=100000 --warmup-iterations=0 --iterations=1 --time=604800 \
          | --test=oltp is --workload point-select
        --test=oltp --oltp-test-mode=nontrx --oltp-nontrx-mode=update_key --max-requests=0 --max-time=60 run \
          | run --workload=oltp-update-index --events=0 --time=60 --warmup-iterations=0 --iterations=1 --threads=1 | --test=oltp is --workload oltp-update-index
        --test=oltp --oltp-test-mode=nontrx --max-requests=0 --max-time=60 run \
          | run --workload=point-select --events=0 --time=60 --warmup-iterations=0 --iterations=1 --threads=1 | --test=oltp is --workload point-select
        # A bare flag does not swallow the command after it
        --test=oltp --oltp-read-only --max-requests=0 --max-time=60 run \
          | run --workload=oltp-read-only --events=0 --time=60 --warmup-iterations=0 --iterations=1 --threads=1 | --oltp-read-only=on is --workload oltp-read-only
        # sysbench 0.5's other scripts and options, in its underscore spelling too
        --test=tests/db/select.lua --oltp_tables_count=4 --tx-rate=100 --report-interval=10 --rand-init=on \
          --rand-type=pareto --max-requests=0 --max-time=30 run \
          | run --workload=point-select --tables=4 --rate=100 --report-interval=10 --rand-type=pareto --events=0 \
            --time=30 --warmup-iterations=0 --iterations=1 --threads=1 | --tx-rate is --rate in sysbench 1.0 and bench
        --test=/usr/share/sysbench/tests/db/select_random_ranges.lua --oltp-tables-count=2 --max-time=10 --max-requests=0 run \
          | run --workload=select-random-ranges --tables=2 --time=10 --events=0 --warmup-iterations=0 --iterations=1 --threads=1 \
          | is --workload select-random-ranges
        # sysbench 1.0: options before and after the test name, a script by path, prepare and cleanup
        oltp_read_write --mysql-host=db1 --tables=2 --threads=4 --time=30 --report-interval=1 --db-driver=mysql run \
          | run --workload=oltp-read-write --mysql-host=db1 --tables=2 --threads=4 --time=30 --report-interval=1 --warmup-iterations=0 --iterations=1 \
          | one measurement of the whole --time and no warmup
        --db-driver=mysql --mysql-socket=/run/mysqld/mysqld.sock /usr/share/sysbench/oltp_point_select.lua --threads=8 run \
          | run --workload=point-select --mysql-socket=/run/mysqld/mysqld.sock --threads=8 --warmup-iterations=0 --iterations=1 --time=10 \
          | /usr/share/sysbench/oltp_point_select.lua is --workload point-select
        oltp_read_only --tables=4 --table-size=1000 --threads=4 --time=60 --report-interval=10 --percentile=99 \
          --mysql-host=db1 prepare \
          | prepare --workload=oltp-read-only --tables=4 --table-size=1000 --threads=4 --mysql-host=db1 --existing-tables=fail \
          | --time does not apply to prepare; ignored
        oltp_read_only --tables=4 --mysql-host=db1 --time=60 cleanup \
          | cleanup --workload=oltp-read-only --tables=4 --mysql-host=db1 | --time does not apply to cleanup; ignored
        oltp_read_write --mysql-host=db1 --mysql-ssl=off --mysql-ignore-errors=all --rand-seed=7 --histogram=on \
          --format sysbench --iterations 3 run \
          | run --workload=oltp-read-write --mysql-host=db1 --mysql-ignore-errors=all --rand-seed=7 --histogram=on \
            --format sysbench --iterations 3 --threads=1 --time=10 | ""
        # A password on the line is passed on, never echoed, and the note says how to keep it out of ps
        oltp_read_only --mysql-host=db1 --mysql-password=s3cret run \
          | run --workload=oltp-read-only --mysql-host=db1 --mysql-password=s3cret --warmup-iterations=0 --iterations=1 --threads=1 --time=10 \
          | --mysql-password shows in the process list; BENCH_MYSQL_PASSWORD keeps it out
        # As in sysbench, an option given twice takes the last (a wrapper's defaults, then the user's)
        oltp_read_only --threads=1 --mysql-host=db1 --tables=2 --threads 2 --tables=4 --percentile 99 --percentile=95 run \
          | run --workload=oltp-read-only --mysql-host=db1 --threads 2 --tables=4 --percentile=95 --warmup-iterations=0 --iterations=1 --time=10 | ""
        oltp_read_only --mysql-host=db1 --mysqld a=1 --mysqld b=2 --mysqld a=3 run \
          | run --workload=oltp-read-only --mysql-host=db1 --mysqld b=2 --mysqld a=3 --warmup-iterations=0 --iterations=1 --threads=1 --time=10 | ""
        # bulk_insert.lua, with its own tables (one per thread)
        bulk_insert --mysql-host=db1 --threads=4 --time=5 run \
          | run --workload=bulk-insert --mysql-host=db1 --threads=4 --time=5 --warmup-iterations=0 --iterations=1 | ""
        # bulk_insert.lua declares no options, so sysbench takes any (a line pasted from an oltp_* test)
        bulk_insert --mysql-host=db1 --tables=8 --table_size=5 --bogus --mysql-ignore-errors=all prepare \
          | prepare --workload=bulk-insert --mysql-host=db1 --mysql-ignore-errors=all | --table_size is no option of bulk_insert.lua
        # bench's own lines are unchanged
        --workload point-select --threads 8,16 --table-size=100 | --workload point-select --threads 8,16 --table-size=100 | ""
        run --workload oltp-read-only --tables 4 --out run | run --workload oltp-read-only --tables=4 --out run | ""
        """)
    void acceptedLines(String line, String expected, String note) throws Exception {
        String[] args = translate(line);
        assertEquals(expected.strip().replaceAll("\\s+", " "), String.join(" ", args), "notes: " + notes);
        if (note.isEmpty()) {
            assertTrue(notes.stream().noneMatch(n -> n.contains("is ignored") || n.contains("is --")), notes.toString());
        } else {
            assertTrue(notes.stream().anyMatch(n -> n.contains(note)), "expected note '" + note + "' in " + notes);
        }
        assertTrue(notes.stream().noneMatch(n -> n.contains("s3cret")), "a note shows the password: " + notes);
        benchAccepts(args);
    }

    /** Refused lines: {@code line | the reason bench gives}; as sysbench, exit 1 and one FATAL line on stdout, no stack trace. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        --test=oltp --oltp-test-mode=sp --oltp-sp-name=bench_sp run | --oltp-test-mode=sp calls a stored procedure
        --test=oltp --oltp-test-mode=mixed run     | --oltp-test-mode=mixed is not valid; expected complex, simple, nontrx or sp
        --test=oltp --oltp-test-mode=nontrx --oltp-nontrx-mode=replace run | --oltp-nontrx-mode=replace is not valid
        --test=oltp --oltp-reconnect-mode=transaction run | --oltp-reconnect-mode=transaction: sysbench then reconnects
        --test=tests/db/oltp.lua --oltp-reconnect=on run | --oltp-reconnect=on: sysbench 0.5 then reconnects
        --test=oltp --oltp-user-delay-max=1000 run | --oltp-user-delay-max=1000: sysbench then sleeps after each query
        --test=oltp --oltp-use-in-statement=10 run | --oltp-use-in-statement=10: sysbench 0.4 then reads several ids
        --test=oltp --oltp-point-select-mysql-handler=on run | HANDLER
        --test=oltp --oltp-avoid-deadlocks=on run  | --oltp-avoid-deadlocks=on: sysbench 0.4 then orders its update keys
        --test=oltp --mysql-engine-trx=no run      | --mysql-engine-trx=no: sysbench 0.4 then locks the table
        oltp_read_only --mysql-ssl=on --allocator jemalloc run | --mysql-ssl=on: bench's clients speak no TLS
        oltp_read_only --mysql-compression run     | --mysql-compression=on: bench's clients do not compress
        oltp_point_select --forced-shutdown=abc run | --forced-shutdown=abc: not a value sysbench takes (seconds, N% of --time, or off)
        oltp_point_select --luajit-cmd=x run       | --luajit-cmd=x: not a LuaJIT command (on, off or flush
        oltp_read_only --mysql-create-options=ROW_FORMAT=COMPRESSED run | --mysql-create-options=ROW_FORMAT=COMPRESSED: bench creates
        oltp_read_only --db-driver=pgsql --pgsql-host=db1 run | --db-driver=pgsql: bench speaks to MySQL-family servers
        fileio --file-total-size=1G run            | sysbench's fileio is a file I/O test; bench runs sysbench's OLTP tests
        --test=cpu --cpu-max-prime=20000 run       | sysbench's cpu is a CPU test
        fileio                                     | sysbench's fileio is a file I/O test; bench runs sysbench's OLTP tests
        --test=tests/db/nosuch.lua run             | Cannot find benchmark 'tests/db/nosuch.lua': no such built-in test, file or module
        oltp_read_only --threads=0 run             | Invalid value for --threads: 0.
        oltp_read_only --mysql-host=127.0.0.1 --tables=x run | oltp-read-only: --tables=x is not valid; expected a whole number
        oltp_read_only frob                        | unexpected argument 'frob'
        """)
    void refusedLines(String line, String reason) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = Main.run(line.strip().split("\\s+"));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        List<String> fatal = text.lines().filter(l -> l.startsWith("FATAL: ")).toList();
        assertEquals(1, exit, text + err);
        assertTrue(fatal.size() == 1 && fatal.get(0).contains(reason.strip()), "expected '" + reason.strip() + "' in: " + text);
        assertTrue(err.size() == 0 && !text.contains("\tat "), "nothing more, no stack trace: " + text + err);
    }

    /**
     * --mysql-ssl=on: a sysbench line against the user's server goes on (the server's greeting decides, as sysbench's
     * client library does); bench's own lines and launched servers are refused, bench's clients speaking no TLS.
     */
    @Test
    void tlsIsAskedOfTheServerOnASysbenchLineOnly() {
        List<String> line = List.of(SysbenchLine.ARGS.translate("oltp_read_only --mysql-host=db1 --mysql-ssl run".split(" "),
                notes::add));
        assertTrue(line.contains("--sysbench-ssl"), line.toString());
        assertFalse(List.of(SysbenchLine.ARGS.translate("oltp_read_only --mysql-host=db1 --mysql-ssl=off run".split(" "),
                notes::add)).contains("--sysbench-ssl"));
        benchkit.spi.InvalidOptionException own = assertThrows(benchkit.spi.InvalidOptionException.class, () -> SysbenchLine.ARGS.translation(
                "--workload point-select --mysql-ssl=on".split(" ")));
        assertTrue(own.getMessage().startsWith("--mysql-ssl=on: bench's clients speak no TLS"), own.getMessage());
    }

    /** sysbench 1.0's scripts need a command; 0.4/0.5 lines (bench's own mapping) still run. */
    @Test
    void aSysbenchTestWithoutACommandIsNoRun() {
        SysbenchArgs.NoCommand none = assertThrows(SysbenchArgs.NoCommand.class,
                () -> SysbenchLine.ARGS.translation("--tables=2 oltp_read_only --threads=2".split(" ")));
        assertEquals("oltp_read_only", none.test);
        // bench's default command is run
        assertEquals("--workload=oltp-read-write", SysbenchLine.ARGS.translation("--test=oltp --oltp-table-size=10".split(" ")).args()[0]);
    }

    @Test
    void sysbenchLinesGetSysbenchsConsoleAndDefaults() {
        List<String> run = List.of(SysbenchLine.ARGS.translate("oltp_read_only --mysql-host=db1 run".split(" "), notes::add));
        assertTrue(run.containsAll(List.of("--format=sysbench", "--report-interval=0", "--threads=1", "--time=10",
                "--client-threads=platform")), run.toString());
        assertFalse(run.contains("--mysql-socket=/run/mysqld/mysqld.sock"), "a host is given: " + run);
        assertTrue(run.contains("--connect-timeout=0") && run.contains("--sysbench-test=oltp_read_only"),
                "sysbench connects once, and its errors name the test's script: " + run);
        List<String> viaSocket = List.of(SysbenchLine.ARGS.translate(
                "oltp_read_only --mysql-host=db1 --mysql-socket=/s run".split(" "), notes::add));
        assertFalse(viaSocket.stream().anyMatch(a -> a.startsWith("--mysql-host")),
                "sysbench 1.0.20 connects through a given socket whatever the host: " + viaSocket);
        List<String> local = List.of(SysbenchLine.ARGS.translate("oltp_read_only --mysql-user=u prepare".split(" "), notes::add));
        assertTrue(local.contains("--mysql-socket=/run/mysqld/mysqld.sock"), "sysbench's localhost: " + local);
        List<String> launched = List.of(SysbenchLine.ARGS.translate("oltp_read_only --allocator glibc,jemalloc run".split(" "),
                notes::add));
        assertTrue(launched.stream().noneMatch(a -> a.startsWith("--mysql-socket")), "bench launches: " + launched);
        assertFalse(launched.contains("--connect-timeout=0"), "a server bench launches gets its time to start: " + launched);
        List<String> asked = List.of(SysbenchLine.ARGS.translate(
                "oltp_read_only --mysql-host=db1 --format=jmh --report-interval=2 run".split(" "), notes::add));
        assertTrue(asked.contains("--format=jmh") && asked.contains("--report-interval=2")
                && !asked.contains("--format=sysbench") && !asked.contains("--report-interval=0"), asked.toString());
        List<String> prewarm = List.of(SysbenchLine.ARGS.translate("oltp_read_only --mysql-host=db1 warmup".split(" "), notes::add));
        assertEquals("prewarm", prewarm.get(0), "sysbench's warmup is its prewarm");
        // sysbench 1.1's --warmup-time: 1.0.20 says "invalid option" (sweep 5 case 113)
        assertEquals("--warmup_time=5", assertThrows(SysbenchArgs.InvalidOption.class, () -> SysbenchLine.ARGS.translate(
                "oltp_read_only --warmup_time=5 --time=20 run".split(" "), notes::add)).word);
        List<String> endless = List.of(SysbenchLine.ARGS.translate("oltp_read_only --time=0 run".split(" "), notes::add));
        assertTrue(endless.contains("--time=604800"), endless.toString());
        SysbenchArgs.Translation t = SysbenchLine.ARGS.translation("oltp_read_only --time=0 --num-threads=2 run".split(" "));
        assertEquals(List.of("--num-threads is deprecated, use --threads instead",
                "Both event and time limits are disabled, running an endless test"),
                t.notes().stream().map(SysbenchArgs.Note::sysbenchWarning).filter(java.util.Objects::nonNull).toList());
        assertTrue(t.sysbenchLine());
        assertTrue(!SysbenchLine.ARGS.translation("--workload point-select".split(" ")).sysbenchLine());
    }

    @Test
    void aPasswordGivenWithASpaceIsStillOneOption() {
        String[] args = translate("oltp_read_only --mysql-password s3cret --tables=2 run");
        assertArrayEquals(("run --workload=oltp-read-only --mysql-password s3cret --tables=2" + ONE_RUN + " --threads=1 --time=10")
                .split(" "), args);
        assertTrue(notes.stream().noneMatch(n -> n.contains("s3cret")), notes.toString());
    }

    @Test
    void aConfigFileHoldsOptionsAndThePasswordOutOfTheProcessList(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("sysbench.cfg");
        Files.writeString(cfg, "# sysbench 1.0 --config-file\nmysql-password=s3cret\nmysql-host=db1\n\ntables=4\nthreads=2\n");
        String[] args = translate("oltp_read_only --config-file=" + cfg + " --threads=8 run");
        assertArrayEquals(("run --workload=oltp-read-only --mysql-password=s3cret --mysql-host=db1 --tables=4 --threads=8"
                + ONE_RUN + " --time=10").split(" "), args, "the line's --threads replaces the file's");
        assertTrue(notes.stream().noneMatch(n -> n.contains("password")), "no password on the line: " + notes);
        benchAccepts(args);
    }

    @Test
    void sysbenchHelpListsTheTestsOptionsAsSysbenchDoes() {
        assertArrayEquals(new String[] {"list", "--workload=point-select", "--format=sysbench", "--test-name=oltp_point_select"},
                SysbenchLine.ARGS.translate(new String[] {"oltp_point_select", "help"}, notes::add));
        if (Files.isRegularFile(Path.of("/usr/share/sysbench/oltp_point_select.lua"))) {
            // a file's help is the file's own option list, in its own words: its Lua runs it
            assertEquals("/usr/share/sysbench/oltp_point_select.lua", SysbenchLine.ARGS.translation(new String[] {
                    "/usr/share/sysbench/oltp_point_select.lua", "help"}).script().file());
        }
        assertArrayEquals(new String[] {"list"}, translate("help"), "no test: every workload");
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            exit = Main.run("oltp_read_only", "help");
        } finally {
            System.setOut(saved);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, text);
        assertTrue(text.matches("(?s)sysbench 1\\.0\\.20 \\(benchkit [^)]+\\)\n\noltp_read_only options:\n"
                + "  --auto_inc\\[=on\\|off\\] +Use AUTO_INCREMENT.*"), text);
        assertTrue(text.contains("\n  --table_size=N ") && text.contains(" Number of rows per table [10000]\n"), text);
    }

    @Test
    void aScriptNamedLikeATestStaysTheValueOfItsOption() {
        assertArrayEquals("--script oltp.lua --workload sql".split(" "), translate("--script oltp.lua --workload sql"));
    }

    @Test
    void benchsOtherSubcommandsPassUnchanged() {
        String[] args = {"report", "bench-results/run", "--threads=4"};
        assertArrayEquals(args, SysbenchLine.ARGS.translate(args, notes::add));
    }

    /** What bench checks before a run starts a server: its options parse and the workload takes its own. */
    private static void benchAccepts(String[] args) throws Exception {
        CommandLine cl = Cli.commandLine();
        ParseResult parsed = cl.parseArgs(args);
        Object command = parsed.subcommand() != null ? parsed.subcommand().commandSpec().userObject() : cl.getCommand();
        PluginRegistry registry = PluginRegistry.load(SysbenchArgsTest.class.getClassLoader());
        if (command instanceof RunCommand run) {
            RunCommand.checkThreads(run.threads);
            RunCommand.measurementTime(run.time);
            registry.workload(run.workload.requireWorkload(registry.workloads().keySet()))
                    .create(WorkloadOptions.workloadOptions(run.workloadArgs)).close();
        } else {
            DataCommand data = (DataCommand) command;
            assertTrue(data.server.isExternal(), "prepare and cleanup act on an external server");
            registry.workload(data.workload.requireWorkload(registry.workloads().keySet()))
                    .create(WorkloadOptions.workloadOptions(data.workloadArgs)).close();
        }
    }
}
