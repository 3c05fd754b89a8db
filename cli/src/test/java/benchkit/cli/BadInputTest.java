package benchkit.cli;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: exit code 2 and one clear line naming what is valid; no stack trace. None of these starts a server. */
class BadInputTest {
    private record Outcome(int exit, String err) {
    }

    private static Outcome run(String... args) {
        CommandLine cl = Cli.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int exit = Main.run(cl, args);
        return new Outcome(exit, err.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--workload no-such-workload                       | unknown workload 'no-such-workload'; valid: ",
        // a relative script name is read from the current directory, which the line says (sweep 9: from an experiment file)
        "--workload ../benchkit-never-made/x.lua               | unknown workload '../benchkit-never-made/x.lua': no such script file (looked for ",
        "--workload point-select --threads 0               | --threads=0 is not valid",
        "--workload point-select --threads 8,x             | 'x' is not valid; expected thread counts from 1 to 100000",
        "--workload point-select -t 99999999999              | '99999999999' is not valid; expected thread counts from 1 to 100000",
        "--workload point-select --format sysbench --report-checkpoints 1,0.5 | '0.5' is not valid; expected ascending whole seconds from 1 (e.g. 10,20)",
        "--workload point-select --time -1                 | --time=-1.0 is not valid",
        "--workload point-select --time 1e-9               | --time=1.0E-9 is too short to measure; expected at least 1 s",
        "--workload point-select --time 0.5                | --time=0.5 is too short to measure; expected at least 1 s",
        "--workload point-select --forks zero              | '--forks'",
        "--workload point-select --client-threads green    | --client-threads=green is not valid; expected auto, platform, virtual or loop",
        "--workload point-select --no-such-option 3        | unknown option --no-such-option",
        "--workload point-select --table-size abc          | --table-size=abc is not valid",
        // not started: empty tables would be measured as if they were read (issue #51)
        "--workload point-select --mysql-host 127.0.0.1 --mysql-port 1 --connect-timeout 0 --table-size 0 | point-select: --table-size=0 leaves its events no row to read or change (they pick rows 1 to --table-size); expected 1 to 2147483647, or oltp-insert",
        "--workload point-select --allocator hoard         | unknown allocator 'hoard'; valid: glibc, jemalloc",
        "--threads 4                                       | missing --workload; valid: ",
        "prepare --workload point-select                   | prepare acts on an external server",
        // a memcached workload's keys are bench run's: said, not a MySQL server asked for (sweep 9, case 48)
        "prepare --workload memcached-get --memcached-servers 127.0.0.1:1 | prepare is for SQL servers: 'bench run' loads a memcached workload's keys itself, on the servers of --memcached-servers (--initial-load, all by default)",
        "prewarm --workload memcached-get --memcached-servers 127.0.0.1:1 | prewarm is for SQL servers: memcached holds its keys in memory, where 'bench run' loads them itself (--initial-load)",
        "cleanup --workload memcached-mixed                | cleanup is for SQL servers: memcached's keys go when it restarts or is flushed ('bench run --flush on' flushes the servers of --memcached-servers and loads them again before each trial)",
        "--workload point-select --mysqld novalue          | --mysqld novalue: expected NAME=VALUE",
        "--workload point-select --collect nosuch:x        | unknown collector 'nosuch'; valid: ",
        "--workload point-select --mysql-host h --mysql-db a`b;drop | --mysql-db a`b;drop: expected a plain database name",
        "--workload point-select --collect process:x       | collector process takes no options",
        "--workload point-select --server-cpus 0           | --server-cpus 0: a CPU count must be from 1",
        "--workload point-select --no-result-files --out x | --no-result-files keeps nothing, where --out, --clients and --worker keep results: give one",
        "--workload memcached-get --server system          | workload memcached-get speaks memcached but no --server does",
        "--workload memcached-get --mysql-host 127.0.0.1 --mysql-port 1 --connect-timeout 0 | workload memcached-get speaks memcached, and --mysql-host/--mysql-port/--mysql-socket name a MySQL server: give the memcached to load with --memcached-servers HOST:PORT, or --server memcached to launch one",
        "--workload point-select --format sysbenchx        | --format sysbenchx is not valid; expected jmh, sysbench or memslap",
        "--workload point-select --percentile 101          | --percentile=101 is not valid; expected 1 to 100, or 0 for none",
        "--workload point-select --percentile 99.9         | '99.9' is not valid; expected 1 to 100, or 0 for none",
        // plain decimal numbers only: Java's parsers read 1d, 2f and 0x1p0 as 1, 2 and 1 (the outside sweep's #36)
        "--workload point-select --time 1d                 | Invalid value for option '--time': '1d' is not valid; expected a number",
        "--workload point-select --warmup-time 2f          | Invalid value for option '--warmup-time': '2f' is not valid; expected a number",
        "--workload point-select --stall-limit 0x1p0       | Invalid value for option '--stall-limit': '0x1p0' is not valid; expected a number",
        "--workload point-select --events \u0663          | Invalid value for option '--events': '\u0663' is not valid; expected a whole number",
        "--workload point-select --threads 2,\u0664       | '\u0664' is not valid; expected thread counts",
        "--workload memcached-get --memcached-servers 127.0.0.1:1 --keys 1e3 | memcached-get: --keys=1e3 is not valid; expected a whole number",
        "--workload point-select --histogram=yes --format sysbench | --histogram=yes is not valid; expected on or off",
        "--workload point-select --histogram               | --histogram is printed with sysbench's report: add --format sysbench",
        "--workload point-select --format sysbench --histogram on --percentile 0 | --histogram cannot be used with --percentile=0",
        "--workload point-select --report-checkpoints 5        | --report-checkpoints=5 prints sysbench's report: add --format sysbench",
        "--workload point-select --format sysbench --report-checkpoints 5 | --report-checkpoints=5 splits sysbench's one measurement",
        "--workload point-select --format sysbench --warmup-iterations 0 --iterations 1 --report-checkpoints 5,2 | --report-checkpoints=5,2 is not valid",
        "--workload point-select --format sysbench --verbosity 6 | --verbosity=6 is not valid; expected 0 to 5",
        "--workload point-select --server mariadb-99           | unknown server distribution 'mariadb-99'; valid: mariadb-11.4",
        "--workload point-select --server-basedir /nonexistent | server basedir /nonexistent is not a directory",
        "--workload point-select --mysql-host 127.0.0.1 --mysql-port 99999 | --mysql-port 99999 is not a port; expected 1 to 65535",
        "--workload point-select --mysql-socket /nonexistent.sock | --mysql-socket /nonexistent.sock does not exist",
        "--workload point-select --mysql-host no-such-host.invalid | --mysql-host no-such-host.invalid: host not found",
        "--workload point-select --allocator glibc,jemalloc --baseline nosuch | --baseline nosuch names no variant; variants: glibc, jemalloc",
        "--workload point-select --stall-limit -1              | --stall-limit",
        // each bad value named with its option and the range it must be in (the outside sweep's #20, #26, #29)
        "--workload point-select --stall-limit 1e9             | --stall-limit=1.0E9 is not valid; expected 0 to 604800 seconds (7 days)",
        "--workload point-select --time 1e9                    | --time=1.0E9 is not valid; expected more than 0 and at most 604800 seconds (7 days)",
        "--workload point-select --connect-timeout -1          | --connect-timeout=-1 is not valid; expected 0 (one attempt) to 604800 seconds (7 days)",
        "--workload point-select --mysql-host 127.0.0.1 --connect-timeout -100000 | --connect-timeout=-100000 is not valid",
        // an option that does nothing in the mode chosen is refused, not ignored (the outside sweep's #21, #31)
        "--workload point-select --barrier-timeout 0           | --barrier-timeout is how long a worker waits for the others: give --worker I/N (or --clients N) too, or leave it out",
        "--workload point-select --barrier-timeout -5          | --barrier-timeout is how long a worker waits for the others",
        "--workload point-select --client-engine nosuch        | --client-engine nosuch is not valid; expected local, docker or kubernetes",
        "--workload point-select --client-engine docker        | --client-engine says how the workers of --clients start: give --clients N too, or leave it out",
        "--workload point-select --client-image foo            | --client-image says how the workers of --clients start: give --clients N too, or leave it out",
        "--workload point-select --mysql-host 127.0.0.1 --allocator nosuch | --allocator is for a server bench launches: it does nothing to the server of --mysql-host/--mysql-port/--mysql-socket, which bench does not start; leave it out",
        "--workload point-select --mysql-host 127.0.0.1 --profile cpu | --profile cpu is for a server bench launches: it does nothing to the server of --mysql-host/--mysql-port/--mysql-socket (perf samples only a server process bench started), which bench does not start; leave it out",
        "--workload point-select --mysql-host 127.0.0.1 --allocator glibc --keep-datadir --server-cpus 1 | --server-cpus, --allocator, --keep-datadir are for a server bench launches: they do nothing",
        // a CPU the machine does not have is named, with the ones it has (the outside sweep's #24: taskset's list)
        "--workload point-select --client-cpus 0,99999         | --client-cpus 0,99999: CPU 99999 is not on this machine (or not given to bench); it has CPUs ",
        "--workload point-select --client-cpus 3-1             | --client-cpus 3-1: expected a CPU list such as 1 or 0-1 or 0,2",
        // a file that cannot be read says why (the outside sweep's #38)
        "--workload point-select --study /nonexistent/s.json   | --study /nonexistent/s.json cannot be read: /nonexistent/s.json: no such file or directory; name an experiment file",
        "--workload point-select --events -5                   | --events=-5 is not valid; expected 0 (no limit) or more events per trial",
        "--workload point-select --rate 1e400                  | --rate=1e400 is not valid; expected 0 (as fast as possible) to 1000000000 events/s",
        "--workload point-select --rate -1                     | --rate=-1 is not valid; expected 0 (as fast as possible) to 1000000000 events/s",
        "--workload memcached-get --server innodb-memcached:mariadb-11.4 | --server innodb-memcached:mariadb-11.4: MariaDB 11.4.5 has no InnoDB memcached plugin",
        "--workload point-select --allocator glibc,jemalloc --budget soon | --budget=soon is not valid; expected a time such as 6m, 90s or 1h",
        "--workload point-select --until-settled               | running until settled needs two or more variants to compare",
        "--workload point-select --allocator glibc,jemalloc --until-settled --forks 2 | running until settled needs at least 3 forks",
        "--workload point-select --allocator glibc,jemalloc --budget 2m --method bootstrap | --until-settled judges with --method forks-t",
        "--workload point-select --allocator glibc,jemalloc --until-settled --budget off | --until-settled needs a budget; --budget off asks for a fixed number of forks",
        // the same code from every subcommand (a pasted sysbench line exits as sysbench: SysbenchArgsTest.refusedLines)
        "compare /nonexistent /nonexistent2                    | /nonexistent does not exist; check the path, and name a run's result directory",
        "compare --fail-on-regression                          | Missing required parameter: 'DIR'",
        "merge --out /tmp/benchkit-never-made /nonexistent     | /nonexistent is not a directory",
        "merge                                                 | Missing required options and parameters",
        "report /nonexistent                                   | /nonexistent does not exist; check the path",
        "report /etc/passwd                                    | /etc/passwd is a file, not a result directory",
        "--workload point-select --out WK{worker}              | --out WK{worker}: '{worker}' becomes the worker's index only with --worker I/N; give --worker, or name the directory without '{worker}'",
        "--workload point-select --out /proc/x                 | cannot write the result directory /proc/x: /proc/x: no such file or directory",
        "--experiment /tmp                                     | --experiment /tmp is a directory; give an experiment file",
        "--experiment a.json --experiment=a.json               | --experiment is given twice (a.json, a.json); give one experiment file",
        "compare --confidence 1.5 a b                          | --confidence=1.5 is not valid; expected a level from 0.5 to below 1 (e.g. 0.95) or a percentage from 50 to below 100",
        "compare --confidence 0.3 a b                          | --confidence=0.3 is not valid",
        "history add /nonexistent --history /tmp/benchkit-never-made.sqlite | /nonexistent does not exist; check the path",
        "history check /nonexistent --history /tmp/benchkit-never-made.sqlite | /nonexistent does not exist; check the path",
        "history check /tmp --min-runs 2                       | --min-runs must be at least 3",
        "history check /tmp --confidence 1.5                   | --confidence=1.5 is not valid; expected a level from 0.5 to below 1 (e.g. 0.95) or a percentage from 50 to below 100",
        "history report --history /tmp                         | --history: /tmp is a directory; name a file",
        "history report --history jdbc:oracle:thin:@x          | is not a store bench can use",
        "history report --history jdbc:mariadb://127.0.0.1/h?user=u&password=pw | the URL holds a password; put it in BENCHKIT_HISTORY_PASSWORD",
        "history export /tmp --format jmh                      | --format jmh is not known; expected customBiggerIsBetter",
        "history add /tmp --label commit                       | --label commit is not valid; expected NAME=VALUE",
        "history                                               | bench history needs a subcommand",
        // a directory named as a sysbench test or command is a directory to these commands, not a sysbench line
        "history add cpu --history /tmp/benchkit-never-made.sqlite | cpu does not exist",
        "history add run --history /tmp/benchkit-never-made.sqlite | run does not exist",
        "merge run prepare --out /tmp/benchkit-never-made      | run is not a directory",
        "history report --history /tmp/benchkit-never-made.sqlite | --history: /tmp/benchkit-never-made.sqlite: no history store there; bench history add DIR",
        "history list --history /dev/null                      | --history: /dev/null is not a regular file; name a file",
        "history foo                                           | unknown subcommand 'foo' for 'history'; expected add, list, report, check, export",
        "--workload point-select --no-result-files --history /tmp/benchkit-never-made.sqlite | --history stores the run's result files, which --no-result-files does not keep: drop one of them",
        "--workload point-select --mysql-host=                 | --mysql-host is empty; name the server's host (e.g. 127.0.0.1), or leave it out",
        "--workload point-select --mysql-host=,127.0.0.1       | --mysql-host=,127.0.0.1 has an empty entry (entry 1 of 2: nothing given, or two commas in a row); name each host, separated by single commas",
        "--workload point-select --mysql-host=127.0.0.1,,10.0.0.2 | --mysql-host=127.0.0.1,,10.0.0.2 has an empty entry (entry 2 of 3",
        "--workload point-select --mysql-socket=               | --mysql-socket is empty; name the server's socket file, or leave it out",
        // a mistyped command said so, not "missing --workload" or a word too many (sweep 8)
        "reprot /tmp                                           | unknown command 'reprot'; did you mean report? bench --help lists the commands",
        "hisotry list                                          | unknown command 'hisotry'; did you mean history? bench --help lists the commands",
        "history lst                                           | unknown subcommand 'lst' for 'history'; did you mean list? expected add,",
        "history report --history jdbc:mariadb://127.0.0.1:99999/h?user=u | --history: jdbc:mariadb://127.0.0.1:99999/h?user=u is not a valid URL",
        "history report --history jdbc:postgresql://127.0.0.1/h?user=u&password=pw | the URL holds a password; put it in BENCHKIT_HISTORY_PASSWORD",
        "history report --history jdbc:postgresql://127.0.0.1:99999/h?user=u | --history: jdbc:postgresql://127.0.0.1:99999/h?user=u is not a valid URL; expected jdbc:postgresql://HOST[:PORT]/DATABASE?user=USER",
        "history list --history jdbc:postgresql://127.0.0.1:1/h?user=u | --history: jdbc:postgresql://127.0.0.1:1/h?user=u cannot be opened: ",
        "history add /tmp --label a=1 --label a=2              | --label a is given twice (a=1, a=2); give each name once",
        // a second directory is not an option (sweep 7, case 65)
        "history check /tmp/d1 /tmp/d2                         | one argument too many for 'history check': /tmp/d2 (it takes DIR); bench history check --help says what it takes",
        "list foo                                              | one argument too many for 'list': foo (it takes none)",
        "compare a b c                                         | compare takes one or two result directories, not 3",
        "history export abcd --format bencher                  | abcd is neither a result directory nor a stored run's key (6 or more",
        "--workload point-select --label commit=x              | --label names a run in a history: give --history too",
        "--workload point-select --history /tmp                | --history: /tmp is a directory",
        "--workload point-select --history /tmp/h.sqlite --no-result-files | --history stores the run's result files",
        "--workload point-select --history /tmp/h.sqlite --worker 1/2 --run-id r1 | --history with --worker would store one worker's part",
        "compare --confidence 100 a b                          | --confidence=100.0 is not valid",
        "calibrate --workload nosuch                           | unknown workload 'nosuch'; valid: ",
        "new foo /tmp/benchkit-never-made                      | unknown project kind 'foo'; valid: ci-check, workload",
        "new workload /tmp                                     | /tmp already exists and is not an empty directory",
        // bench itself takes the run options; before a subcommand they would be ignored
        "--plugin-dir plugins list                             | --plugin-dir before the subcommand 'list' would not apply; put it after it: bench list --plugin-dir ...",
        "compare --fail-on-regresion a b                       | unknown option --fail-on-regresion for 'compare'; did you mean --fail-on-regression? bench compare --help lists its options",
        "--workload point-select --thread 2                    | ; did you mean --threads?",
        "list --nonsense                                       | unknown option --nonsense for 'list'",
        "--threads 4 --time 2 compare a b                      | --threads, --time before the subcommand 'compare' would not apply; put them after it",
    })
    void badInputIsOneLineAndExitCodeTwo(String args, String expected) {
        Outcome o = run(args.strip().split("\\s+"));
        assertEquals(2, o.exit(), o.err());
        // a pasted sysbench line is first told how bench's defaults differ (a note, not the error)
        String first = o.err().lines().filter(l -> !l.startsWith("bench: note: ")).findFirst().orElse("");
        assertTrue(first.startsWith("bench: "), o.err());
        assertTrue(first.contains(expected.strip()), "expected '" + expected.strip() + "' in: " + o.err());
        assertFalse(o.err().contains("\tat "), "stack trace printed: " + o.err());
    }
    /** A workload lists only its own options as valid: one of bench's, mistyped, is named, from a file too. */
    @org.junit.jupiter.api.Test
    void aMistypedOptionOfBenchsIsSuggested(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path typo = java.nio.file.Files.writeString(dir.resolve("typo.json"),
                "{\"workload\": \"point-select\", \"thread\": 2}");
        Outcome file = run("--experiment", typo.toString());
        assertEquals(2, file.exit(), file.err());
        String line = file.err().lines().findFirst().orElse("");
        assertTrue(line.startsWith("bench: --experiment " + typo + ": point-select: unknown option --thread; valid: --"), line);
        assertTrue(line.endsWith("; did you mean --threads?"), line);
        Outcome far = run("--workload", "point-select", "--no-such-option", "3");
        assertFalse(far.err().contains("did you mean"), far.err());
        // two edits from --time: a short name that far is another word, not a typo
        Outcome shortName = run("--workload", "point-select", "--tomo", "3");
        assertFalse(shortName.err().contains("did you mean"), shortName.err());
    }

    /** An option of the experiment file's that is wrong is said to come from the file; one typed is not (issue #51). */
    @org.junit.jupiter.api.Test
    void anExperimentFilesBadOptionNamesTheFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path unknown = java.nio.file.Files.writeString(dir.resolve("unknown.json"),
                "{\"workload\": \"point-select\", \"frobnicate\": 1}");
        Outcome o = run("--experiment", unknown.toString());
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().startsWith("bench: --experiment " + unknown + ": point-select: unknown option --frobnicate; valid: "),
                o.err());
        java.nio.file.Path value = java.nio.file.Files.writeString(dir.resolve("value.json"),
                "{\"workload\": \"point-select\", \"threads\": \"x\", \"time\": 0}");
        o = run("--experiment", value.toString());
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().startsWith("bench: --experiment " + value + ": \"threads\": \"x\" is not valid for --threads"),
                o.err());
        assertFalse(o.err().contains("\tat "), o.err());
        // typed over the file's, the wrong value is the command line's
        o = run("--experiment", value.toString(), "--threads", "y");
        assertTrue(o.err().startsWith("bench: Invalid value for option '--threads'"), o.err());
        o = run("--experiment", value.toString(), "--threads", "1");
        assertTrue(o.err().startsWith("bench: --experiment " + value + ": --time=0"), o.err());
        o = run("--experiment", value.toString(), "--threads", "1", "--time", "1", "--nosuch", "1");
        assertTrue(o.err().startsWith("bench: point-select: unknown option --nosuch"), o.err());
        // a data command's unknown option
        java.nio.file.Path data = java.nio.file.Files.writeString(dir.resolve("data.json"),
                "{\"workload\": \"point-select\", \"mysql-host\": \"127.0.0.1\", \"frobnicate\": 1}");
        o = run("prepare", "--experiment", data.toString());
        assertEquals(2, o.exit(), o.err());
        assertTrue(o.err().startsWith("bench: --experiment " + data + ": "), o.err());
    }

    /**
     * A value the file holds is quoted as the file has it, not as bench turned it into an option ('on' for true), and
     * an empty item or a decimal comma is named as such, from the file or the command line (issue #51).
     */
    @org.junit.jupiter.api.Test
    void aBadNumberIsSaidAsTheUserWroteIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path bool = java.nio.file.Files.writeString(dir.resolve("bool.json"),
                "{\"workload\": \"point-select\", \"threads\": true}");
        Outcome o = run("--experiment", bool.toString());
        assertEquals(2, o.exit(), o.err());
        assertEquals("bench: --experiment " + bool + ": \"threads\": true is not valid for --threads (N[,N...]): true and "
                + "false are for on/off options", o.err().lines().findFirst().orElse(""));
        java.nio.file.Path commas = java.nio.file.Files.writeString(dir.resolve("commas.json"),
                "{\"workload\": \"point-select\", \"threads\": \"2,,4\"}");
        o = run("--experiment", commas.toString());
        assertEquals("bench: --experiment " + commas + ": \"threads\": \"2,,4\" is not valid for --threads (N[,N...]): an "
                + "empty value (nothing given, or two commas in a row)", o.err().lines().findFirst().orElse(""));
        java.nio.file.Path decimal = java.nio.file.Files.writeString(dir.resolve("decimal.json"),
                "{\"workload\": \"point-select\", \"time\": \"1,5\"}");
        o = run("--experiment", decimal.toString());
        assertEquals("bench: --experiment " + decimal + ": \"time\": \"1,5\" is not valid for --time: '1,5' is "
                + "not valid; expected a number; write 1.5, with a decimal point whatever the locale", o.err().lines().findFirst().orElse(""));
        o = run("--workload", "point-select", "--threads", "2,,4");
        assertEquals("bench: Invalid value for option '--threads' (N[,N...]): an empty value (nothing given, or two commas "
                + "in a row)", o.err().lines().findFirst().orElse(""));
        o = run("--workload", "point-select", "--time", "2,5");
        assertTrue(o.err().startsWith("bench: Invalid value for option '--time': '2,5' is not valid; expected a number; write 2.5"),
                o.err());
    }

    /** A control character in a value echoed back is escaped, not written raw to the terminal (issue #51). */
    @org.junit.jupiter.api.Test
    void aControlCharacterInAnEchoedValueIsEscaped(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path nul = java.nio.file.Files.writeString(dir.resolve("nul.json"),
                "{\"workload\": \"point-select\", \"label\": \"\\u0000x\"}");
        Outcome o = run("--experiment", nul.toString());
        assertEquals(2, o.exit(), o.err());
        assertFalse(o.err().chars().anyMatch(c -> c < 0x20 && c != '\n'), o.err());
        assertTrue(o.err().contains("--label \\u0000x is not valid"), o.err());
    }

    @org.junit.jupiter.api.Test
    void editDistanceCountsInsertionsRemovalsAndReplacements() {
        assertEquals(1, Cli.editDistance("thread", "threads"));
        assertEquals(1, Cli.editDistance("threads", "thread"));
        assertEquals(2, Cli.editDistance("tmie", "time"));
        assertEquals(3, Cli.editDistance("", "out"));
        assertEquals(0, Cli.editDistance("forks", "forks"));
    }

    /** Empty values, which a list of arguments split at spaces cannot carry. */
    @org.junit.jupiter.api.Test
    void anEmptyUserOrResultDirectoryIsBadInput() {
        Outcome user = run("--workload", "point-select", "--mysql-host", "127.0.0.1", "--mysql-user", "");
        assertEquals(2, user.exit(), user.err());
        assertEquals("bench: --mysql-user needs a user name", user.err().lines().findFirst().orElse(""));
        // no value and no terminal (as here, and in CI): not an empty password in silence
        Outcome password = run("--workload", "point-select", "--mysql-host", "127.0.0.1", "--mysql-password");
        assertEquals(2, password.exit(), password.err());
        assertEquals("bench: --mysql-password has no value and there is no terminal to ask on: set BENCH_MYSQL_PASSWORD "
                + "(or --mysql-password=VALUE; --mysql-password= for an empty one)", password.err().lines().findFirst().orElse(""));
        Outcome dir = run("history", "add", "", "--history", "/tmp/benchkit-never-made.sqlite");
        assertEquals(2, dir.exit(), dir.err());
        assertTrue(dir.err().startsWith("bench: an empty name is not a result directory"), dir.err());
        // report, compare and merge name it too, where they showed nothing (sweep 6, case 72)
        for (String[] args : List.of(new String[] {"report", ""}, new String[] {"compare", "", ""},
                new String[] {"merge", "", "", "--out", "/tmp/benchkit-never-made"})) {
            Outcome empty = run(args);
            assertEquals(2, empty.exit(), empty.err());
            assertEquals("bench: an empty directory name ('') is not a result directory; name one, e.g. bench-results/*",
                    empty.err().strip(), String.join(" ", args));
        }
        Outcome out = run("--workload", "point-select", "--out", "");
        assertEquals(2, out.exit(), out.err());
        assertTrue(out.err().startsWith("bench: --out needs a directory"), out.err());
    }


    /** Under LC_ALL=C the JVM read a non-ASCII argument as U+FFFD: refused, where it ran as something else. */
    @org.junit.jupiter.api.Test
    void anArgumentTheLocaleCouldNotReadIsRefused() {
        java.util.Optional<String> refused = Main.undecodedArgument(new String[] {"--label", "br\ufffd\ufffdnch=x"},
                "ANSI_X3.4-1968");
        assertTrue(refused.isPresent() && refused.get().contains("run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8"),
                refused.toString());
        assertTrue(Main.undecodedArgument(new String[] {"--label", "br\ufffdnch=x"}, "UTF-8").isEmpty(),
                "a UTF-8 locale reads what was written");
        assertTrue(Main.undecodedArgument(new String[] {"--label", "branch=x"}, "ANSI_X3.4-1968").isEmpty());
    }

    /** A run.json that is not JSON: bad input (exit 2) for report, compare and merge alike, and nothing written. */
    @org.junit.jupiter.api.Test
    void aRunJsonThatIsNotJsonIsBadInput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path run = java.nio.file.Files.createDirectories(dir.resolve("run"));
        java.nio.file.Files.writeString(run.resolve("jmh-result.json"), "[{\"benchmark\":\"benchkit.point-select\","
                + "\"mode\":\"thrpt\",\"threads\":8,\"primaryMetric\":{\"score\":100,\"scoreUnit\":\"ops/s\","
                + "\"rawData\":[[99,101]]}}]");
        java.nio.file.Files.writeString(run.resolve("run.json"), "not json");
        Outcome report = run("report", run.toString());
        assertEquals(2, report.exit(), report.err());
        assertTrue(report.err().startsWith("bench: " + run.resolve("run.json") + " is not valid JSON"), report.err());
        assertFalse(java.nio.file.Files.exists(run.resolve("report.html")));
        assertEquals(2, run("compare", run.toString(), run.toString()).exit());
        Outcome merge = run("merge", run.toString(), "--out", dir.resolve("merged").toString());
        assertEquals(2, merge.exit(), merge.err());
        assertFalse(java.nio.file.Files.exists(dir.resolve("merged")));
    }

    /** Standard output that could not be written (a full device, none) is an error, said on stderr; a closed pipe exits 141. */
    @org.junit.jupiter.api.Test
    void outputThatCouldNotBeWrittenIsNotSuccess() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream full = new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        }, true);
        full.println("Workloads:");
        assertEquals(1, Main.outputLost(full, "/dev/full", new java.io.PrintStream(err, true)));
        assertEquals("bench: error: standard output (/dev/full) could not be written: what bench printed there is "
                + "incomplete", err.toString().strip());
        // a reader that left: no word, as Unix tools, and SIGPIPE's 141, as a sysbench line (sweep 7, case 87)
        err.reset();
        assertEquals(141, Main.outputLost(full, "pipe:[4242]", new java.io.PrintStream(err, true)));
        assertEquals("", err.toString());
        // started with >&-: the file the JVM opened in its place is not named as standard output
        assertEquals(1, Main.outputLost(full, Main.CLOSED, new java.io.PrintStream(err, true)));
        assertEquals("bench: error: standard output is closed (bench was started with >&-), so what bench printed is"
                + " lost; give it one, e.g. >/dev/null to drop it", err.toString().strip());
        assertFalse(Main.writable(List.of("pos:\t0", "flags:\t0100000", "mnt_id:\t25")), "lib/modules, opened to read");
        assertTrue(Main.writable(List.of("pos:\t0", "flags:\t02000001", "mnt_id:\t25")));
        assertTrue(Main.writable(List.of("flags:\t0100002")));
        assertEquals(0, Main.outputLost(new java.io.PrintStream(new java.io.ByteArrayOutputStream()), "/dev/full",
                new java.io.PrintStream(err, true)));
    }

    /** merge --out naming one of its inputs (however the path is spelled), even with --force: refused, the input kept. */
    @org.junit.jupiter.api.Test
    void mergeNeverWritesIntoOneOfItsInputs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path w0 = java.nio.file.Files.createDirectories(dir.resolve("worker-0"));
        java.nio.file.Path w1 = java.nio.file.Files.createDirectories(dir.resolve("worker-1"));
        for (java.nio.file.Path w : List.of(w0, w1)) {
            java.nio.file.Files.writeString(w.resolve("jmh-result.json"), "[]");
            java.nio.file.Files.writeString(w.resolve("journal.jsonl"), "{}\n");
        }
        Outcome same = run("merge", w0.toString(), w1.toString(), "--out", w0.toString(), "--force");
        assertEquals(2, same.exit(), same.err());
        assertEquals("bench: --out " + w0 + " is " + w0 + ", one of the directories to merge: write the merged run "
                + "elsewhere", same.err().strip());
        Outcome viaLink = run("merge", w0.toString(), w1.toString(), "--out", w0.resolve("..").resolve("worker-0").toString(),
                "--force");
        assertEquals(2, viaLink.exit(), viaLink.err());
        assertTrue(viaLink.err().contains(", one of the directories to merge"), viaLink.err());
        assertEquals("[]", java.nio.file.Files.readString(w0.resolve("jmh-result.json")), "the input is kept");
        assertTrue(java.nio.file.Files.exists(w0.resolve("journal.jsonl")));
    }

    /** A jmh-result.json that is cut short or is no JMH result: the same exit code from report as from compare. */
    @org.junit.jupiter.api.Test
    void aDamagedResultFileIsBadInputForReportAndCompare(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path cut = java.nio.file.Files.createDirectories(dir.resolve("cut"));
        java.nio.file.Files.writeString(cut.resolve("jmh-result.json"), "[ { \"benchmark\" : \"point-sel");
        java.nio.file.Path foreign = java.nio.file.Files.createDirectories(dir.resolve("foreign"));
        java.nio.file.Files.writeString(foreign.resolve("jmh-result.json"), "{\"hello\": 1}");
        java.nio.file.Path empty = java.nio.file.Files.createDirectories(dir.resolve("empty"));
        java.nio.file.Files.writeString(empty.resolve("jmh-result.json"), "[]");
        for (java.nio.file.Path d : java.util.List.of(cut, foreign, empty)) {
            Outcome report = run("report", d.toString());
            assertEquals(2, report.exit(), report.err());
            assertTrue(report.err().startsWith("bench: " + d.resolve("jmh-result.json") + (d == empty ? " holds no result"
                    : " is not")), report.err());
            assertFalse(java.nio.file.Files.exists(d.resolve("report.html")));
            Outcome compare = run("compare", d.toString(), d.toString());
            assertEquals(2, compare.exit(), compare.err());
        }
    }

    /** --baseline means something within one run only: with two directories (or --variants) it was ignored silently. */
    @org.junit.jupiter.api.Test
    void aBaselineThatCompareWouldIgnoreIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path run = java.nio.file.Files.createDirectories(dir.resolve("run"));
        java.nio.file.Files.writeString(run.resolve("jmh-result.json"), "[{\"benchmark\":\"benchkit.point-select\","
                + "\"mode\":\"thrpt\",\"threads\":8,\"primaryMetric\":{\"score\":100,\"scoreUnit\":\"ops/s\","
                + "\"rawData\":[[99,101]]}}]");
        Outcome two = run("compare", run.toString(), run.toString(), "--baseline", "nosuch");
        assertEquals(2, two.exit(), two.err());
        assertEquals("bench: --baseline nosuch picks the variant the others of one run are compared with; with two "
                + "directories the first (A) is the baseline: leave --baseline out", two.err().strip());
        Outcome variants = run("compare", run.toString(), "--variants", "allocator=a,allocator=b", "--baseline", "x");
        assertEquals(2, variants.exit(), variants.err());
        assertTrue(variants.err().contains("--variants names both sides: leave --baseline out"), variants.err());
    }

    /** TMPDIR is taken as every Unix tool takes it, unless -Djava.io.tmpdir was given; one that is no directory is bad input. */
    @org.junit.jupiter.api.Test
    void tmpdirIsTheTemporaryDirectory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        assertEquals(dir.toString(), Main.temporaryDirectory(dir.toString(), "/tmp"));
        assertEquals("/scratch", Main.temporaryDirectory(dir.toString(), "/scratch"), "-Djava.io.tmpdir wins");
        assertEquals("/tmp", Main.temporaryDirectory(null, "/tmp"));
        UsageException e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> Main.temporaryDirectory(dir.resolve("none").toString(), "/tmp"));
        assertEquals("TMPDIR=" + dir.resolve("none") + " is not a directory: make it, or unset TMPDIR to use /tmp", e.getMessage());
    }

    /** A merge refused for its inputs leaves no --out directory it made. */
    @org.junit.jupiter.api.Test
    void aRefusedMergeLeavesNoDirectoryBehind(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path worker = java.nio.file.Files.createDirectories(dir.resolve("worker-1"));
        java.nio.file.Files.writeString(worker.resolve("jmh-result.json"), "[]");
        java.nio.file.Path out = dir.resolve("merged");
        CommandLine cl = Cli.commandLine();
        cl.setErr(new PrintWriter(new StringWriter(), true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int exit = Main.run(cl, new String[] {"merge", "--out", out.toString(), worker.toString()});
        assertTrue(exit != 0, "a worker without a run is no merge");
        assertFalse(java.nio.file.Files.exists(out), "nothing merged, no directory");
    }

    @ParameterizedTest
    @CsvSource({"--help", "--version", "list", "run --help"})
    void helpVersionAndListSucceed(String args) {
        Outcome o = run(args.split(" "));
        assertEquals(0, o.exit(), o.err());
    }

    /** BENCH_MYSQL_PASSWORD_FILE naming no file says so (the outside sweep's #119: "cannot be read: /nonexistent"). */
    @org.junit.jupiter.api.Test
    void aPasswordFileThatIsNotThereIsSaidSo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.util.Map<String, String> env = java.util.Map.of(ServerOptions.PASSWORD_FILE_ENV, dir.resolve("none").toString());
        UsageException e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> new ServerOptions().password(env::get));
        assertEquals(ServerOptions.PASSWORD_FILE_ENV + " names " + dir.resolve("none") + ", which cannot be read: "
                + dir.resolve("none") + ": no such file or directory; name a file holding the password, or unset it", e.getMessage());
        java.nio.file.Files.writeString(dir.resolve("pw"), "s3cret\n");
        UsageException empty = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                () -> new ServerOptions().password(java.util.Map.of(ServerOptions.PASSWORD_FILE_ENV, " ")::get));
        assertEquals(ServerOptions.PASSWORD_FILE_ENV + " is set but empty; name a file holding the password, or unset it",
                empty.getMessage());
        assertEquals("s3cret", new ServerOptions().password(java.util.Map.of(ServerOptions.PASSWORD_FILE_ENV,
                dir.resolve("pw").toString())::get));
    }
}
