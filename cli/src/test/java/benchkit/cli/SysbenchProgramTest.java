package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * bench called as {@code sysbench} (the launcher sets {@link Main#CALLED_AS}): what sysbench 1.0.20 does before it
 * reads a test. SysbenchDropInIT compares the same lines with the real sysbench through the launcher.
 */
class SysbenchProgramTest {
    private record Ran(int exit, String out, String err) {
    }

    @AfterEach
    void notSysbenchAnyMore() {
        System.clearProperty(Main.CALLED_AS);
    }

    private static Ran run(String stdin, String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        InputStream in = System.in;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setProperty(Main.CALLED_AS, Main.SYSBENCH);
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            int exit = Main.run(args);
            return new Ran(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
            System.setIn(in);
        }
    }

    @Test
    void versionAndHelpAreSysbenchs() {
        for (String[] line : new String[][] {{"--version"}, {"oltp_read_only", "--version=on", "run"}}) {
            Ran r = run("", line);
            assertEquals(0, r.exit());
            assertEquals("sysbench 1.0.20\n", r.out());     // as sysbench's: scripts check it
        }
        Ran help = run("", "oltp_read_only", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Usage:\n  sysbench [options]... [testname] [command]\n"), help.out());
        assertTrue(help.out().contains("\n  --threads=N ") && help.out().contains("\n  oltp_point_select\n")
                && !help.out().contains("%s") && !help.out().contains("pgsql"), help.out());
        assertEquals("", help.err());
    }

    @Test
    void noTestReadsAScriptFromStandardInput() {
        Ran empty = run("", "--threads=2");
        assertEquals(0, empty.exit());
        assertTrue(empty.out().matches("sysbench 1\\.0\\.20 \\(benchkit [^)]+\\)\n\n"), empty.out());
        Ran script = run("print('hello')\n");
        assertEquals(0, script.exit());
        assertTrue(script.out().matches("sysbench 1\\.0\\.20 \\(benchkit [^)]+\\)\n\nhello\n"), script.out());
        // more than a test and a command: sysbench's words, exit 1
        Ran three = run("", "foo", "bar", "baz");
        assertEquals(1, three.exit());
        assertEquals("Unrecognized command line argument: baz\n", three.err());
    }

    @Test
    void aWordThatIsNoTestIsNotFound() {
        for (String word : new String[] {"run", "help", "list"}) {
            Ran r = run("", word);
            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(r.out().endsWith("\n\nFATAL: Cannot find benchmark '" + word + "': no such built-in test, file or module\n"),
                    r.out());
            assertEquals("", r.err());
        }
    }

    @Test
    void aRandTypeSysbenchDoesNotKnowIsItsFatalLineBeforeTheBanner() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("randtype");
        java.nio.file.Path script = java.nio.file.Files.writeString(dir.resolve("x.lua"), "function event() end\n");
        // sysbench 1.0.20 compares the value as written, and has no zipfian there
        for (String type : new String[] {"UNIFORM", "bogus", "zipfian"}) {
            Ran r = run("", script.toString(), "--rand-type=" + type, "--events=1", "run");
            assertEquals(1, r.exit(), r.out());
            assertEquals("FATAL: Invalid random numbers distribution: " + type + ".\n", r.out());
        }
        Ran stock = run("", "oltp_point_select", "--rand-type=Special", "run");
        assertEquals(1, stock.exit(), stock.out());
        assertEquals("FATAL: Invalid random numbers distribution: Special.\n", stock.out());
    }

    @Test
    void aScriptsOwnLineSaysItKeepsNoResultFiles() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("scriptout");
        java.nio.file.Path script = java.nio.file.Files.writeString(dir.resolve("x.lua"), "function event() end\n");
        Ran r = run("", script.toString(), "--out=" + dir.resolve("res"), "--events=1", "--verbosity=0", "run");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("bench: note: a sysbench line of your own script keeps no result files (--out, BENCH_SYSBENCH_RESULTS); "
                + "for them run bench --workload " + script + " --out DIR\n", r.err());
        Ran quiet = run("", script.toString(), "--events=1", "--verbosity=0", "run");
        assertEquals("", quiet.err());
    }

    /**
     * sysbench 1.0.20 keeps --report-interval in an unsigned int: -1 runs, its header says "every -1 second(s)" and no
     * report comes (checked against /usr/bin/sysbench, stock and script lines alike). The stock line's server is not
     * there: its header comes before the connect failure, as sysbench's.
     */
    @Test
    void aNegativeReportIntervalRunsWithoutReports() throws Exception {
        String every = "Report intermediate results every -1 second(s)\n";
        Ran stock = run("", "oltp_read_only", "--report-interval=-1", "--mysql-socket=/nonexistent/mysql.sock", "run");
        assertEquals(1, stock.exit(), stock.out() + stock.err());
        assertTrue(stock.out().contains("Number of threads: 1\n" + every)
                && stock.out().contains("FATAL: unable to connect to MySQL server on socket '/nonexistent/mysql.sock'"),
                stock.out());
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("reportinterval");
        java.nio.file.Path script = java.nio.file.Files.writeString(dir.resolve("x.lua"), "function event() end\n");
        Ran own = run("", script.toString(), "--report-interval=-1", "--time=2", "run");
        assertEquals(0, own.exit(), own.out() + own.err());
        assertTrue(own.out().contains("Number of threads: 1\n" + every) && !own.out().contains("] thds:"), own.out());
    }

    /**
     * A stock script's name with {@code --mysql-dry-run}: sysbench runs the script sending nothing, which bench's Java
     * version of it cannot; so the installed script itself runs (found as sysbench finds it), with no server.
     */
    @Test
    void aStockScriptWithDryRunRunsTheScriptSendingNothing() {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isRegularFile(
                java.nio.file.Path.of("/usr/share/sysbench/oltp_point_select.lua")), "sysbench's scripts are installed");
        Ran dry = run("", "oltp_point_select", "--mysql-dry-run", "--tables=1", "--time=1", "run");
        assertEquals(0, dry.exit(), dry.out() + dry.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("transactions: +(\\d+) ").matcher(dry.out());
        assertTrue(dry.out().contains("SQL statistics:") && m.find() && Long.parseLong(m.group(1)) > 0, dry.out());
    }

    /**
     * sysbench's refusals of its options' values, each text as the real sysbench 1.0.20 printed it (2026-11-29,
     * /usr/bin/sysbench oltp_read_only OPTION --mysql-socket=/nonexistent/s run; BANNER stands for its first line
     * and the blank one after it). A script of the user's own gets the same (a script that declares no options
     * takes --skip_trx=maybe as its own, as sysbench's does).
     */
    @Test
    void badValuesAreRefusedInSysbenchsWords() throws Exception {
        String[][] cases = {
                // option(s), stdout, stderr; exit 1 for each
                {"--threads=0", "FATAL: Invalid value for --threads: 0.\n\n", ""},
                {"--events=abc", "", "Invalid value for the 'events' option: 'abc'\n"},
                {"--threads=1e3", "", "Invalid value for the 'threads' option: '1e3'\n"},
                {"--percentile=101", "FATAL: Invalid value for --percentile: 101\n", ""},
                {"--threads=0x2", "", "Invalid value for the 'threads' option: '0x2'\n"},
                {"--histogram=maybe", "BANNER", "invalid option: --histogram=maybe\n"},
                {"--verbosity=9", "Invalid value for verbosity: 9\n", ""},
                {"--skip_trx=maybe", "BANNER", "invalid option: --skip_trx=maybe\n"},
                {"--percentile=0 --histogram", "FATAL: --histogram cannot be used with --percentile=0\n", ""},
                {"--report-interval=1.5", "", "Invalid value for the 'report_interval' option: '1.5'\n"},
                {"--histogram=yes", "BANNER", "invalid option: --histogram=yes\n"},
        };
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("badvalues");
        java.nio.file.Path script = java.nio.file.Files.writeString(dir.resolve("x.lua"), "function event() end\n");
        for (String[] c : cases) {
            for (String test : new String[] {"oltp_read_only", script.toString()}) {
                if (test.equals(script.toString()) && c[0].startsWith("--skip_trx")) {
                    continue;
                }
                java.util.List<String> line = new java.util.ArrayList<>(java.util.List.of(test));
                line.addAll(java.util.List.of(c[0].split(" ")));
                line.addAll(java.util.List.of("--mysql-socket=/nonexistent/s", "run"));
                Ran r = run("", line.toArray(new String[0]));
                String where = String.join(" ", line) + ": " + r.out() + r.err();
                assertEquals(1, r.exit(), where);
                if (c[1].equals("BANNER")) {
                    assertTrue(r.out().matches("sysbench 1\\.0\\.20 \\(benchkit [^)]+\\)\n\n"), where);
                } else {
                    assertEquals(c[1], r.out(), where);
                }
                assertEquals(c[2], r.err(), where);
            }
        }
    }
}
