package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentFileTest {
    @TempDir
    Path dir;

    @Test
    void expandsListsRepeatsServerSettingsAndLetsTypedOptionsWin() throws Exception {
        Path f = Files.writeString(dir.resolve("study.json"), """
                {"// note": "ignored", "workload": ["oltp-read-only", "point-select"], "threads": [32, 64],
                 "allocator": ["glibc", "jemalloc"], "skip-trx": true, "table-size": 1000,
                 "mysqld": ["sync_binlog=1", "innodb_spin_wait_delay=6,96"]}
                """);
        String[] args = ExperimentFile.expand(new String[]{"run", "--experiment", f.toString(), "--threads", "2"});
        assertArrayEquals(new String[]{"run", "--workload=oltp-read-only,point-select", "--allocator=glibc,jemalloc",
            "--skip-trx=on", "--table-size=1000", "--mysqld=sync_binlog=1", "--mysqld=innodb_spin_wait_delay=6,96",
            "--threads", "2"}, args);
    }

    /** A password from the file is not said to be --mysql-password on the process list, nor blamed on it. */
    @Test
    void aPasswordFromTheFileIsNamedAsTheFiles() throws Exception {
        Path f = Files.writeString(dir.resolve("pw.json"), "{\"workload\": \"point-select\", \"mysql-host\": \"127.0.0.1\","
                + " \"mysql-password\": \"s3cret\"}");
        picocli.CommandLine cl = Cli.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setOut(new java.io.PrintWriter(new java.io.StringWriter(), true));
        int exit = Main.run(cl, "run", "--experiment", f.toString(), "--clients", "2", "--out", dir.resolve("out").toString());
        assertEquals(2, exit, err.toString());
        assertEquals("bench: --clients hands the password to the workers only through BENCH_MYSQL_PASSWORD: set it there instead"
                + " of the \"mysql-password\" of --experiment " + f, err.toString().strip());
    }

    @Test
    void badFilesAreOneLineUsageErrors() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"threads\": [1,\n");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(broken));
        assertTrue(e.getMessage().contains("not valid JSON at line"), e.getMessage());
        Path nested = Files.writeString(dir.resolve("nested.json"), "{\"threads\": {\"a\": 1}}");
        assertThrows(UsageException.class, () -> ExperimentFile.read(nested));
        assertThrows(UsageException.class, () -> ExperimentFile.read(dir.resolve("missing.json")));
    }

    /** An empty list is said to be one, not turned into an option whose value '' nobody wrote (issue #51). */
    @Test
    void anEmptyListIsRefusedAsSuch() throws Exception {
        Path f = Files.writeString(dir.resolve("empty.json"), "{\"workload\": \"point-select\", \"threads\": []}");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(f));
        assertEquals("--experiment " + f + ": \"threads\" is an empty list; give at least one value, or leave the key out "
                + "for bench's default", e.getMessage());
    }

    @Test
    void aKeyGivenTwiceIsRefusedNotTakenLast() throws Exception {
        Path f = Files.writeString(dir.resolve("dup.json"), "{\"workload\": \"point-select\", \"threads\": 2, \"threads\": 4}");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(f));
        assertEquals("--experiment " + f + ": \"threads\" is given twice in one object (line 1, column 53); give each key once",
                e.getMessage());
        Path inStudy = Files.writeString(dir.resolve("dup-study.json"), "{\"original-scale\": {\"time\": 60, \"time\": 90}}");
        UsageException nested = assertThrows(UsageException.class, () -> ExperimentFile.read(inStudy));
        assertTrue(nested.getMessage().contains("\"time\" is given twice in one object"), nested.getMessage());
    }

    /** A file nested deeper than the JSON parser goes: one line, not a NullPointerException's trace (issue #51). */
    @Test
    void aFileNestedTooDeepIsOneLine() throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), "{\"x\": " + "[".repeat(5000) + "]".repeat(5000) + "}");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(deep));
        assertEquals("--experiment " + deep + ": not valid JSON at its depth: Document nesting depth (1001) exceeds the "
                + "maximum allowed (1000)", e.getMessage());
    }

    /** Text after the object would be dropped in silence: refused, saying where it starts (issue #51). */
    @Test
    void textAfterTheObjectIsRefused() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{\"workload\": \"point-select\"} garbage\n");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(garbage));
        assertEquals("--experiment " + garbage + ": text after the JSON object at line 1, column 30 (garbage); an "
                + "experiment file holds one JSON object", e.getMessage());
        Path two = Files.writeString(dir.resolve("two.json"), "{\"workload\": \"point-select\"}\n// the next\n{\"threads\": 4}\n");
        e = assertThrows(UsageException.class, () -> ExperimentFile.read(two));
        assertEquals("--experiment " + two + ": text after the JSON object at line 3, column 1 ({\"threads\": 4}); an "
                + "experiment file holds one JSON object", e.getMessage());
        Path list = Files.writeString(dir.resolve("list.json"), "{\"threads\": 4}, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]");
        e = assertThrows(UsageException.class, () -> ExperimentFile.read(list));
        assertTrue(e.getMessage().endsWith(": text after the JSON object at line 1, column 15 (, [1, 2, 3, 4, 5, 6,...); "
                + "an experiment file holds one JSON object"), e.getMessage());
        // spaces and comments after it are no text
        Path trailing = Files.writeString(dir.resolve("trailing.json"), "{\"threads\": 4}\n  // done\n/* end */\n\n");
        assertEquals(List.of("--threads=4"), ExperimentFile.read(trailing));
    }

    @Test
    void commentsAreAllowedAsPeopleWriteThem() throws Exception {
        Path f = Files.writeString(dir.resolve("comments.json"), """
                {
                  // short run
                  "workload": "point-select", /* two threads */ "threads": 2
                }
                """);
        assertEquals(List.of("--workload=point-select", "--threads=2"), ExperimentFile.read(f));
    }

    @Test
    void aByteOrderMarkIsSkipped() throws Exception {
        Path f = Files.writeString(dir.resolve("bom.json"), "\uFEFF{\"workload\": \"point-select\"}");
        assertEquals(List.of("--workload=point-select"), ExperimentFile.read(f));
    }

    /** A byte that is not UTF-8 is said so, naming the file, not as the JDK's "Input length = 1" (sweep 5 case 96). */
    @Test
    void aFileThatIsNotUtf8IsSaidSo() throws Exception {
        Path f = Files.write(dir.resolve("latin1.json"), "{\"label\": \"caf\u00e9\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(f));
        assertEquals("--experiment " + f + " is not UTF-8 text, so not JSON (byte 14 is not UTF-8): it is damaged or another "
                + "kind of file; restore it from a copy", e.getMessage());
    }

    @Test
    void aStudyIsReadFromACommentedFileAsItsOptionsAre() throws Exception {
        Path f = Files.writeString(dir.resolve("study.json"), """
                \uFEFF{"study": {"title": "A", // as published
                           "published": [{"metric": "qps", "value": 5, "says": "5 qps"}]},
                 "workload": "point-select"}
                """);
        assertEquals("--study=" + f, ExperimentFile.read(f).get(0));
        assertEquals("A", benchkit.core.report.Study.fromExperiment(f).title());
    }

    @Test
    void badJsonIsSaidWithoutJacksonsFeatureNames() throws Exception {
        Path nan = Files.writeString(dir.resolve("nan.json"), "{\"threads\": NaN}");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(nan));
        assertEquals("--experiment " + nan + ": not valid JSON at line 1, column 16: Non-standard token 'NaN'", e.getMessage());
        Path unclosed = Files.writeString(dir.resolve("unclosed.json"), "{\"threads\": [1, 2}");
        UsageException e2 = assertThrows(UsageException.class, () -> ExperimentFile.read(unclosed));
        assertEquals("--experiment " + unclosed + ": not valid JSON at line 1, column 18: Unexpected close marker '}': "
                + "expected ']' (for Array starting at line: 1, column: 13)", e2.getMessage());
    }

    @Test
    void anExperimentFileNamingAnotherIsRefusedNotBlamedOnTheWorkload() throws Exception {
        Path f = Files.writeString(dir.resolve("recursive.json"), "{\"workload\": \"point-select\", \"experiment\": \"other.json\"}");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.expand(new String[]{"--experiment", f.toString()}));
        assertEquals("--experiment " + f + ": an experiment file cannot name another (\"experiment\"); put the options of both "
                + "in one file", e.getMessage());
    }

    @Test
    void aStudyBlockBecomesStudyAndTheOriginalScaleIsOneOptionAway() throws Exception {
        Path f = Files.writeString(dir.resolve("study.json"), """
                {"study": {"title": "A", "published": [{"metric": "qps", "candidate": "jemalloc", "baseline": "glibc",
                           "effect": 25, "says": "up to 25%"}]},
                 "original-scale": {"table-size": 3000000, "time": 3600},
                 "workload": "oltp-read-only", "table-size": 20000, "time": 4, "threads": [32, 64]}
                """);
        assertArrayEquals(new String[]{"--study=" + f, "--workload=oltp-read-only", "--table-size=20000", "--time=4",
            "--threads=32,64"}, ExperimentFile.expand(new String[]{"--experiment", f.toString()}));
        assertArrayEquals(new String[]{"--study=" + f, "--workload=oltp-read-only", "--table-size=3000000",
            "--threads=32,64", "--time=60"}, ExperimentFile.expand(new String[]{"--experiment", f.toString(), "--scale", "original",
            "--time=60"}), "the original sizes, and a typed option still wins");
        assertArrayEquals(new String[]{"prepare", "--workload=oltp-read-only", "--table-size=20000", "--time=4",
            "--threads=32,64"}, ExperimentFile.expand(new String[]{"prepare", "--experiment=" + f}), "prepare draws no report");
    }

    @Test
    void badScalesAndStudiesAreOneLineUsageErrors() throws Exception {
        Path plain = Files.writeString(dir.resolve("plain.json"), "{\"workload\": \"point-select\"}");
        UsageException noBlock = assertThrows(UsageException.class,
                () -> ExperimentFile.expand(new String[]{"--experiment", plain.toString(), "--scale=original"}));
        assertTrue(noBlock.getMessage().contains("has no \"original-scale\" block"), noBlock.getMessage());
        UsageException bad = assertThrows(UsageException.class,
                () -> ExperimentFile.expand(new String[]{"--experiment", plain.toString(), "--scale", "huge"}));
        assertTrue(bad.getMessage().startsWith("--scale huge is not valid"), bad.getMessage());
        // without --experiment, --scale is no option of bench's: a workload's own (tpcc.lua's warehouses) goes through
        assertArrayEquals(new String[]{"--workload", "tpcc.lua", "--scale", "1"},
                ExperimentFile.expand(new String[]{"--workload", "tpcc.lua", "--scale", "1"}));
        Path badStudy = Files.writeString(dir.resolve("bad.json"), "{\"study\": {\"published\": []}, \"workload\": \"x\"}");
        UsageException study = assertThrows(UsageException.class, () -> ExperimentFile.read(badStudy));
        assertTrue(study.getMessage().contains("the study needs a \"title\""), study.getMessage());
    }

    @Test
    void everyShippedStudyFileParsesAtBothScalesAndCarriesItsFindings() throws Exception {
        try (var files = Files.list(Path.of("../examples/studies"))) {
            List<Path> studies = files.sorted().toList();
            assertEquals(5, studies.size(), "studies A to E");
            for (Path study : studies) {
                List<String> here = ExperimentFile.read(study);
                assertTrue(here.stream().anyMatch(a -> a.startsWith("--workload=")), study.toString());
                assertEquals("--study=" + study, here.get(0), study + " carries its published study");
                List<String> original = ExperimentFile.read(study, true);
                assertFalse(here.equals(original), study + ": the original scale differs");
                assertFalse(benchkit.core.report.Study.fromExperiment(study).published().isEmpty(), study + " has findings");
            }
        }
    }
    /**
     * A JSON true or false is taken by every on/off option of bench's that the file can hold, as the strings "true",
     * "on", "false" and "off" are: bench made 'on' of a true and then refused it (sweep 6 case 76).
     */
    @Test
    void everyOnOffOptionTakesJsonTrueAndFalse() throws Exception {
        java.util.Set<String> seen = new java.util.TreeSet<>();
        for (String command : List.of("run", "prepare", "cleanup")) {
            for (picocli.CommandLine.Model.OptionSpec o : Cli.subcommandSpec(command).options()) {
                if (o.usageHelp() || o.versionHelp() || (o.type() != boolean.class && o.type() != Boolean.class)) {
                    continue;
                }
                String key = o.longestName().substring(2);
                seen.add(key);
                for (String value : List.of("true", "false", "\"on\"", "\"off\"", "\"true\"", "\"false\"")) {
                    Path f = Files.writeString(dir.resolve("flag.json"),
                            "{\"workload\": \"point-select\", \"" + key + "\": " + value + "}");
                    String[] line = ExperimentFile.expand(new String[]{command, "--experiment", f.toString()});
                    picocli.CommandLine cl = Cli.commandLine(line);
                    cl.parseArgs(line);
                    Object taken = cl.getSubcommands().get(command).getCommandSpec().findOption(key).getValue();
                    assertEquals(value.contains("true") || value.contains("on"), taken, command + " " + key + ": " + value);
                }
            }
        }
        assertTrue(seen.containsAll(List.of("allow-invalid", "fail-fast", "until-settled", "force", "no-result-files",
                "keep-datadir")), seen.toString());
    }

    /** A value that is no on/off word is refused naming what is, in bench's words. */
    @Test
    void anOnOffOptionsOtherValueIsRefusedSayingWhatItTakes() throws Exception {
        Path f = Files.writeString(dir.resolve("flag.json"), "{\"workload\": \"point-select\", \"force\": \"maybe\"}");
        CliRun.Outcome r = CliRun.run("run", "--experiment", f.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("bench: --experiment " + f + ": Invalid value for option '--force': 'maybe' is not on or off (true or false)",
                r.err().lines().findFirst().orElseThrow());
    }
}
