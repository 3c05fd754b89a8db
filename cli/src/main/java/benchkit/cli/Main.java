package benchkit.cli;

import benchkit.spi.InvalidOptionException;
import benchkit.sysbench.line.SysbenchArgs;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;

/** Entry point of {@code bench.jar}; the only place that calls {@link System#exit}. */
public final class Main {
    static final String STACKTRACE = "--stacktrace";
    /**
     * The system property the launcher sets when it is called {@code sysbench} (cli/src/main/sh/bench): every line
     * is then sysbench's, its --version and --help too.
     */
    static final String CALLED_AS = "benchkit.as";
    static final String SYSBENCH = "sysbench";

    private Main() {
    }

    public static void main(String[] args) {
        int exit;
        // SIGUSR1, which would end the JVM without its shutdown hooks (servers left, no journal's end), stops it as
        // SIGTERM does, whatever the command is doing; and the stopping signals are named
        benchkit.core.run.SignalGuard.nameSignals();
        writeUtf8WhereTheLocaleIsAscii();
        java.util.Optional<String> unreadable = undecodedArgument(args, System.getProperty("sun.jnu.encoding", ""));
        if (unreadable.isPresent()) {
            System.err.println("bench: " + unreadable.get());
            System.exit(Cli.EXIT_USAGE);
        }
        try {
            String tmp = temporaryDirectory(System.getenv("TMPDIR"), System.getProperty("java.io.tmpdir"));
            System.setProperty("java.io.tmpdir", tmp);     // before anything makes a temporary file
            exit = run(args);
        } catch (UsageException e) {
            System.err.println("bench: " + Cli.shown(e.getMessage()));
            exit = Cli.EXIT_USAGE;
        } catch (OutOfMemoryError e) {
            // one line and the remedy, not the JVM's stack trace; a run writes what finished before this (Runner)
            System.err.println("bench: error: " + outOfMemory(e));
            exit = Cli.EXIT_FAILURE;
        }
        int lost = outputLost(System.out, standardOutput(), System.err);
        System.exit(exit != 0 ? exit : lost);      // the command's own failure says more than the output's
    }

    /**
     * PrintStream keeps its write errors to itself: what bench printed to a full disk or device ({@code > /dev/full})
     * was lost, while the command said nothing and exited 0. That is said, and exit 1. A pipe whose reader went away
     * ({@code bench list | head -1}) is left without a word, as Unix tools leave it, and exit 141, as SIGPIPE ends
     * them and a sysbench line ({@link ClosedPipeExit}); the command itself went on to its end (a run's results are files).
     *
     * @param target what standard output is ({@link #standardOutput()}): {@code pipe:[...]}, a file, a device, or
     *               {@link #CLOSED}
     */
    static int outputLost(java.io.PrintStream out, String target, java.io.PrintStream err) {
        if (!out.checkError()) {
            return 0;
        }
        if (target.startsWith("pipe:")) {
            return ClosedPipeExit.EXIT;
        }
        err.println("bench: error: " + (target.equals(CLOSED)
                ? "standard output is closed (bench was started with >&-), so what bench printed is lost; give it one,"
                        + " e.g. >/dev/null to drop it"
                : "standard output" + (target.isEmpty() ? "" : " (" + target + ")")
                        + " could not be written: what bench printed there is incomplete"));
        return Cli.EXIT_FAILURE;
    }

    /** {@link #standardOutput()} when bench was started with no standard output. */
    static final String CLOSED = "closed";

    /**
     * What file descriptor 1 is, as /proc names it; {@link #CLOSED} when bench was started without one ({@code >&-}:
     * none, or a file the JVM itself opened for reading took its number); empty where there is no /proc.
     */
    static String standardOutput() {
        java.nio.file.Path fd = java.nio.file.Path.of("/proc/self/fd/1");
        try {
            String target = java.nio.file.Files.readSymbolicLink(fd).toString();
            return writable(java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/fdinfo/1"))) ? target : CLOSED;
        } catch (java.nio.file.NoSuchFileException e) {
            return java.nio.file.Files.isDirectory(fd.getParent()) ? CLOSED : "";
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    /** Whether a file descriptor, by its /proc fdinfo lines, was opened for writing ("flags:" in octal, O_ACCMODE). */
    static boolean writable(List<String> fdinfo) {
        return fdinfo.stream().filter(l -> l.startsWith("flags:")).findFirst()
                .map(l -> (Integer.parseInt(l.substring(6).strip(), 8) & 3) != 0).orElse(true);
    }

    /**
     * Under {@code LC_ALL=C} (CI, containers) the JVM writes every non-ASCII character as '?', so a variant, a path or a
     * label the user wrote in their language would print as something else; bench writes UTF-8 there instead, as C
     * tools pass the bytes of such names through. A UTF-8 or Latin-1 locale's charset is kept. Standard output goes
     * through {@link ClosedPipeExit}, which a sysbench line arms.
     */
    static void writeUtf8WhereTheLocaleIsAscii() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding",
                java.nio.charset.Charset.defaultCharset().name()));
        boolean ascii = asciiOnly(encoding);
        console = ascii ? java.nio.charset.StandardCharsets.UTF_8 : java.nio.charset.Charset.forName(encoding);
        System.setOut(new java.io.PrintStream(new java.io.BufferedOutputStream(ClosedPipeExit.standardOutput()), true,
                console));
        if (ascii) {
            System.setErr(new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true,
                    java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** The charset of bench's standard output and error ({@link #writeUtf8WhereTheLocaleIsAscii}); null until set. */
    private static volatile java.nio.charset.Charset console;

    static java.nio.charset.Charset console() {
        return console;
    }

    static void console(java.nio.charset.Charset charset) {
        console = charset;
    }

    /**
     * A writer over {@code stream} in bench's console charset: picocli's own (the help, list) and a PrintWriter's
     * default take the locale's, and wrote '?' for '±' under {@code LC_ALL=C}.
     */
    static PrintWriter writer(java.io.PrintStream stream) {
        return new PrintWriter(new java.io.OutputStreamWriter(stream, console == null
                ? java.nio.charset.Charset.defaultCharset() : console), true);
    }

    /**
     * Under an ASCII locale ({@code LC_ALL=C}) the JVM reads every non-ASCII byte of an argument as U+FFFD, so a label,
     * a server setting or a variant the user wrote would run as something else (two settings that differ in one letter
     * become one): refused, with the locale to use.
     */
    static java.util.Optional<String> undecodedArgument(String[] args, String encoding) {
        if (!asciiOnly(encoding)) {
            return java.util.Optional.empty();
        }
        return java.util.Arrays.stream(args).filter(a -> a.indexOf('\ufffd') >= 0).findFirst()
                .map(a -> "the argument '" + a + "' holds characters the locale (" + encoding + ") cannot read, so bench"
                        + " would run with something else than was written; run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8");
    }

    static boolean asciiOnly(String encoding) {
        try {
            return !java.nio.charset.Charset.forName(encoding).newEncoder().canEncode('\u00fc');
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Where temporary files go (the servers' private directories, their datadirs): {@code TMPDIR} as every Unix tool
     * takes it, unless the JVM was given {@code -Djava.io.tmpdir} (the JVM's own default, /tmp, ignores TMPDIR).
     *
     * @throws UsageException when TMPDIR names no directory
     */
    static String temporaryDirectory(String tmpdirEnv, String jvmProperty) {
        if (tmpdirEnv == null || tmpdirEnv.isBlank() || !"/tmp".equals(jvmProperty)) {
            return jvmProperty;
        }
        if (!java.nio.file.Files.isDirectory(java.nio.file.Path.of(tmpdirEnv))) {
            throw new UsageException("TMPDIR=" + tmpdirEnv + " is not a directory: make it, or unset TMPDIR to use /tmp");
        }
        return tmpdirEnv;
    }

    /** What an OutOfMemoryError means for a user, and what to change. */
    static String outOfMemory(OutOfMemoryError e) {
        return "out of memory (" + e.getMessage() + ", " + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MB of heap): give bench more (BENCH_JAVA_OPTS=-Xmx2g, or java -Xmx2g -jar bench.jar) or fewer --threads";
    }

    /** Runs the command line and returns its exit code (the table in docs/usage.md). */
    public static int run(String... args) {
        return run(Cli::commandLine, writer(System.err), args);
    }

    /** Runs {@code args} on {@code cl}, pasted sysbench lines and experiment files included; errors go to its err. */
    static int run(CommandLine cl, String... args) {
        return run(line -> cl, cl.getErr(), args);
    }

    /**
     * Runs {@code args}, pasted sysbench lines and experiment files included, on the command tree {@code commandLine}
     * makes for the line as translated (a script's own sysbench line needs none); {@code err} takes the errors found
     * before that.
     */
    private static int run(Function<String[], CommandLine> commandLine, PrintWriter err, String... args) {
        // --stacktrace (as Gradle's) is taken anywhere on the line, for any command: what failed, with its stack trace
        List<String> rest = new ArrayList<>(List.of(args));
        Cli.showStackTraces(rest.removeIf(a -> a.equals(STACKTRACE)));
        Cli.experiment(ExperimentFile.Expansion.NONE);     // none until the line's is read
        SysbenchArgs.Translation line;
        String[] expanded = rest.toArray(new String[0]);
        boolean asSysbench = SYSBENCH.equals(System.getProperty(CALLED_AS));
        try {
            if (asSysbench) {
                ClosedPipeExit.arm();
                OptionalInt done = SysbenchLine.beforeTheTest(expanded, System.in, System.out);
                if (done.isPresent()) {
                    return done.getAsInt();
                }
            }
            ExperimentFile.Expansion expansion = ExperimentFile.expansion(expanded);
            Cli.experiment(expansion);
            expanded = expansion.args();
            line = SysbenchLine.ARGS.translation(expanded);
        } catch (SysbenchArgs.NoCommand e) {
            return SysbenchLine.noCommand(e.test, System.out);
        } catch (SysbenchArgs.UnknownTest e) {
            return SysbenchLine.unknownTest(e.word, System.out);
        } catch (SysbenchArgs.InvalidOption e) {
            return SysbenchLine.invalidOption(e.word, System.out, System.err);
        } catch (IOException e) {
            return SysbenchLine.fatal("standard input cannot be read: " + e.getMessage());
        } catch (UsageException | InvalidOptionException e) {
            if (SysbenchLine.looksLikeOne(expanded)) {
                return SysbenchLine.fatal(e.getMessage());
            }
            err.println("bench: " + Cli.shown(Cli.origin(e) + e.getMessage()));
            err.flush();
            return Cli.EXIT_USAGE;
        }
        if (line.sysbenchLine()) {
            ClosedPipeExit.arm();
            return SysbenchLine.run(() -> commandLine.apply(line.args()), line);
        }
        if (asSysbench && Arrays.stream(expanded).noneMatch(a -> a.equals("--workload") || a.startsWith("--workload="))) {
            // a word that is no test sysbench knows ("sysbench run", "sysbench help"); bench's own lines still run
            return SysbenchLine.unknownTest(Arrays.stream(expanded).filter(a -> !a.startsWith("-")).findFirst().orElseThrow(),
                    System.out);
        }
        CommandLine cl = commandLine.apply(line.args());
        boolean passwordFromFile = Cli.experiment().fromFile("mysql-password");
        line.notes().stream().filter(note -> !(passwordFromFile && note.text().equals(SysbenchArgs.PASSWORD_NOTE)))
                .forEach(note -> cl.getErr().println("bench: note: " + note.text()));
        return cl.execute(line.args());
    }
}
