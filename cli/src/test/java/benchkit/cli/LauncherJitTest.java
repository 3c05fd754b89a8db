package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import benchkit.sysbench.lua.StockScripts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher (src/main/sh/bench) starts a Lua script of the user's own with C1 alone and keeps C2 for sysbench's
 * own scripts. The java it starts here is a stand-in that prints its arguments: what the launcher chose is all this
 * checks (the launcher runs the real java in SysbenchDropInIT).
 */
class LauncherJitTest {
    private static final Path LAUNCHER = Path.of("src/main/sh/bench");
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    @TempDir
    Path dir;

    @Test
    void theLaunchersListOfStockScriptsIsStockScriptsOwn() throws IOException {
        String text = Files.readString(LAUNCHER);
        String block = text.substring(text.indexOf("STOCK_SCRIPTS=\"\n") + "STOCK_SCRIPTS=\"\n".length());
        block = block.substring(0, block.indexOf("\"\n"));
        Map<String, String> launchers = new TreeMap<>();
        for (String line : block.strip().split("\n")) {
            String[] hashAndName = line.strip().split(" ");
            launchers.put(hashAndName[0], hashAndName[1]);
        }
        assertEquals(new TreeMap<>(StockScripts.releaseHashes()), launchers);
    }

    @Test
    void aScriptOfOnesOwnRunsWithC1Alone() throws Exception {
        Path script = Files.writeString(dir.resolve("kv_custom.lua"), "function event() end\n");
        assertTrue(javaArgs("sysbench", script.toString(), "run").contains(C1_ONLY));
        assertTrue(javaArgs("bench", "--workload=" + script, "--time", "1").contains(C1_ONLY));
        assertTrue(javaArgs("bench", "--workload", script.toString()).contains(C1_ONLY));
    }

    @Test
    void sysbenchsOwnScriptsAndBenchsWorkloadsKeepC2() throws Exception {
        assertFalse(javaArgs("sysbench", "oltp_read_write", "run").contains(C1_ONLY));
        assertFalse(javaArgs("bench", "--workload", "point-select").contains(C1_ONLY));
        assertFalse(javaArgs("sysbench", dir.resolve("missing.lua").toString(), "run").contains(C1_ONLY));
    }

    @Test
    void aStockScriptGivenByPathKeepsC2AndAnEditedCopyGetsC1() throws Exception {
        Path stock = Path.of("/usr/share/sysbench/oltp_point_select.lua");
        assumeTrue(Files.isRegularFile(stock), "Debian's sysbench package is not installed");
        assertFalse(javaArgs("sysbench", stock.toString(), "run").contains(C1_ONLY));
        Path edited = Files.writeString(dir.resolve("oltp_point_select.lua"), Files.readString(stock) + "-- edited\n");
        assertTrue(javaArgs("sysbench", edited.toString(), "run").contains(C1_ONLY));
    }

    /** A sysbench line of 5 s or less ends before C2 pays (docs/sysbench-scripts.md, "Speed"); a longer one keeps it. */
    @Test
    void aShortSysbenchLineRunsWithC1Alone() throws Exception {
        assertTrue(javaArgs("sysbench", "oltp_read_write", "--threads=8", "--time=3", "run").contains(C1_ONLY));
        assertTrue(javaArgs("sysbench", "oltp_point_select", "--time", "5", "run").contains(C1_ONLY));
        assertTrue(javaArgs("sysbench", "--test=oltp", "--max-time=1", "run").contains(C1_ONLY));
        assertFalse(javaArgs("sysbench", "oltp_read_write", "--time=6", "run").contains(C1_ONLY));
        assertFalse(javaArgs("sysbench", "oltp_read_write", "--time=30", "run").contains(C1_ONLY));
        assertFalse(javaArgs("sysbench", "oltp_read_write", "--time=0", "--events=1000", "run").contains(C1_ONLY));
        assertFalse(javaArgs("sysbench", "oltp_read_write", "run").contains(C1_ONLY), "sysbench's default is 10 s");
        // bench's --time is one iteration's, of several and a warmup
        assertFalse(javaArgs("bench", "--workload", "oltp-read-write", "--time", "3").contains(C1_ONLY));
        Path script = Files.writeString(dir.resolve("mine.lua"), "function event() end\n");
        assertEquals(1, javaArgs("sysbench", script.toString(), "--time=2", "run").stream()
                .filter(C1_ONLY::equals).count(), "one flag, not two");
    }

    @Test
    void theUsersFlagsComeLastSoTheyWin() throws Exception {
        Path script = Files.writeString(dir.resolve("mine.lua"), "function event() end\n");
        List<String> args = javaArgs(Map.of("BENCH_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), "sysbench", script.toString(), "run");
        assertTrue(args.indexOf(C1_ONLY) >= 0 && args.indexOf(C1_ONLY) < args.indexOf("-XX:TieredStopAtLevel=4"), args.toString());
    }

    private List<String> javaArgs(String name, String... args) throws Exception {
        return javaArgs(Map.of(), name, args);
    }

    /** The arguments the launcher, called {@code name}, gives java for {@code args}. */
    private List<String> javaArgs(Map<String, String> env, String name, String... args) throws Exception {
        ProcessBuilder pb = launcher(dir, name, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n", args);
        pb.environment().put("BENCH_CDS", "off");
        pb.environment().remove("BENCH_JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return List.of(out.split("\n"));
    }

    /**
     * The launcher copied into {@code dir}, called {@code name}, beside an empty bench.jar, with a Java 17 whose java is
     * the script {@code fakeJava}: a command that runs it with {@code args}.
     */
    /**
     * BENCH_JAVA_OPTS that the JVM refuses end in one line naming the variable and the JVM's reason, exit 2, not in the
     * JVM's own lines and exit 1 (sweep 6, case 98); flags it takes run as before. The stand-in java refuses one flag.
     */
    @Test
    void javaOptionsTheJvmRefusesAreOneLineNamingTheVariable() throws Exception {
        String fake = """
                #!/bin/bash
                case " $* " in *" -XX:+Nonsense "*)
                  echo "Unrecognized VM option 'Nonsense'" >&2
                  echo "Error: Could not create the Java Virtual Machine." >&2
                  echo "Error: A fatal exception has occurred. Program will exit." >&2
                  exit 1 ;;
                esac
                echo "ran $*"
                """;
        ProcessBuilder refused = launcher(dir, "bench", fake, "--version");
        refused.environment().put("BENCH_JAVA_OPTS", "-Dok=1 -XX:+Nonsense");
        refused.environment().put("BENCH_CDS", "off");
        Process p = refused.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), err);
        assertEquals("bench: the JVM does not start with BENCH_JAVA_OPTS='-Dok=1 -XX:+Nonsense' (Unrecognized VM option "
                + "'Nonsense'); correct or unset BENCH_JAVA_OPTS\n", err);
        ProcessBuilder taken = launcher(dir, "bench", fake, "--version");
        taken.environment().put("BENCH_JAVA_OPTS", "-Dok=1");
        taken.environment().put("BENCH_CDS", "off");
        Process q = taken.start();
        String out = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(q.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, q.exitValue());
        assertTrue(out.startsWith("ran ") && out.contains("-Dok=1 -jar "), out);
    }

    /**
     * A heap too small for the JVM to open bench.jar (it would end in an OutOfMemoryError's stack trace before bench's
     * first line: sweep 6, case 97) is one line naming the variable, exit 2; the real java here reads the flags.
     */
    @Test
    void aHeapTooSmallToOpenTheJarIsOneLineNamingTheVariable() throws Exception {
        Path realJava = Path.of(System.getProperty("java.home"), "bin", "java");
        String passOn = "#!/bin/sh\nexec " + realJava + " \"$@\"\n";
        ProcessBuilder tiny = launcher(dir, "bench", passOn, "--version");
        tiny.environment().put("BENCH_JAVA_OPTS", "-Xmx64m -Xmx4m");
        tiny.environment().put("BENCH_CDS", "off");
        Process p = tiny.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), err);
        assertEquals("bench: BENCH_JAVA_OPTS='-Xmx64m -Xmx4m' leaves bench 4 MB of heap, too little to open bench.jar; "
                + "give it 16 MB or more (-Xmx16m) or unset BENCH_JAVA_OPTS\n", err);

        ProcessBuilder enough = launcher(dir, "bench", passOn, "--version");
        enough.environment().put("BENCH_JAVA_OPTS", "-Xmx4m -XX:MaxHeapSize=32m");
        enough.environment().put("BENCH_CDS", "off");
        Process q = enough.start();
        String said = new String(q.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(q.waitFor(30, TimeUnit.SECONDS));
        // the stand-in bench.jar is empty: java itself refuses it, after the launcher let the flags through
        assertFalse(said.contains("BENCH_JAVA_OPTS"), said);
        assertTrue(q.exitValue() != 2 && q.exitValue() != 0, said);
    }

    static ProcessBuilder launcher(Path dir, String name, String fakeJava, String... args) throws IOException {
        Path home = Files.createDirectories(dir.resolve("jdk/bin")).getParent();
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path javaBin = home.resolve("bin/java");
        Files.writeString(javaBin, fakeJava);
        Files.setPosixFilePermissions(javaBin, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.copy(LAUNCHER, bin.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(bin.resolve(name), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(bin.resolve("bench.jar"), new byte[0]);
        List<String> command = new ArrayList<>(List.of(bin.resolve(name).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("JAVA", javaBin.toString());
        return pb;
    }
}
