package benchkit.collectors.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code perf record -e cpu-clock -g} of one server process for a whole trial, started paused and driven
 * through perf's control FIFO: {@link #start} returns once perf answers (its start-up is then behind us),
 * {@link #enable} begins the samples, and {@link #fold} pauses them and folds what was sampled since the last
 * fold: perf switches to a new file on SIGUSR2 ({@code --switch-output}) in about 50 ms, where stopping and
 * restarting it took 0.6 s and more under load, time a back-to-back iteration would lose. System-wide (per CPU,
 * {@code -a}) where perf allows it, the server's samples picked out afterwards: attached to the process's threads
 * ({@code -p}) instead, perf switches its counters at every context switch, which costs point-select more
 * (docs/profiling.md).
 */
final class PerfRecording implements AutoCloseable {
    private static final long ANSWER_SECONDS = 20;
    /** launch-support's Watchdog does this for servers; a collector sees only the SPI, hence these few lines of sh. */
    private static final String WATCHDOG = """
            bench=$1; perf=$2; dir=$3
            while kill -0 "$bench" 2>/dev/null && kill -0 "$perf" 2>/dev/null; do sleep 1; done
            kill -0 "$bench" 2>/dev/null && exit 0
            kill -TERM "$perf" 2>/dev/null; sleep 2; kill -KILL "$perf" 2>/dev/null
            rm -rf "$dir"
            """;
    private static final Pattern DUMP = Pattern.compile("^\\[ perf record: Dump (.+) \\]$");
    private final long pid;
    private final boolean systemWide;
    private final Process perf;
    private final Path dir;
    private final Path log;
    private final RandomAccessFile control;
    private final RandomAccessFile answers;
    private final LinkedBlockingQueue<Boolean> acks = new LinkedBlockingQueue<>();
    private final Thread ackReader;
    /** Stops perf if bench is killed with SIGKILL (a system-wide perf would sample forever), as servers are stopped. */
    private final Process watchdog;
    private volatile boolean closing;

    private PerfRecording(long pid, boolean systemWide, Path dir, int hertz) throws IOException, InterruptedException {
        this.pid = pid;
        this.systemWide = systemWide;
        this.dir = dir;
        this.log = dir.resolve("perf.log");
        Path ctl = dir.resolve("ctl");
        Path ack = dir.resolve("ack");
        for (Path fifo : List.of(ctl, ack)) {
            run(List.of("mkfifo", "-m", "600", fifo.toString()));
        }
        // Opened read-write: neither open waits for perf, so a perf that never starts cannot block bench.
        control = new RandomAccessFile(ctl.toFile(), "rw");
        answers = new RandomAccessFile(ack.toFile(), "rw");
        ackReader = new Thread(this::readAcks, "perf-acks");
        ackReader.setDaemon(true);
        ackReader.start();
        List<String> command = new ArrayList<>(List.of("perf", "record", "-e", "cpu-clock", "-F", Integer.toString(hertz),
                "-g", "-D", "-1", "--control", "fifo:" + ctl + "," + ack, "--switch-output", "-B", "-N",
                "-o", dir.resolve("perf.data").toString()));
        command.addAll(systemWide ? List.of("-a") : List.of("-p", Long.toString(pid)));
        perf = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "bench-perf-watchdog", Long.toString(ProcessHandle.current().pid()),
                Long.toString(perf.pid()), dir.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Starts perf, paused, for {@code pid}; returns once perf is ready to sample. */
    static PerfRecording start(long pid, int hertz, boolean systemWide) throws IOException, InterruptedException {
        PerfRecording r = new PerfRecording(pid, systemWide, Files.createTempDirectory("bench-perf-"), hertz);
        try {
            r.command("ping");
            return r;
        } catch (IOException | InterruptedException | RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** Samples from now on. */
    void enable() throws IOException, InterruptedException {
        command("enable");
    }

    /** Pauses the samples and folds the server's since the last fold. */
    FoldedStacks fold() throws IOException, InterruptedException {
        command("disable");
        long dumped = dumps().size();
        run(List.of("kill", "-USR2", Long.toString(perf.pid())));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
        List<String> files;
        while ((files = dumps()).size() <= dumped) {
            if (!perf.isAlive()) {
                throw new IOException("perf record ended: " + output());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("perf record did not write its samples within " + ANSWER_SECONDS + " s");
            }
            Thread.sleep(10);
        }
        Path data = Path.of(files.get(files.size() - 1));
        try {
            return script(data);
        } finally {
            Files.deleteIfExists(data);
        }
    }

    private FoldedStacks script(Path data) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("perf", "script", "-i", data.toString(), "-F", "comm,ip,sym,dso"));
        if (systemWide) {
            command.addAll(List.of("--pid", Long.toString(pid)));
        }
        Path errors = dir.resolve("script.log");
        Process script = new ProcessBuilder(command).redirectError(errors.toFile()).start();
        script.getOutputStream().close();
        FoldedStacks stacks;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
            stacks = FoldedStacks.fromPerfScript(in);
        }
        if (script.waitFor() != 0) {
            throw new IOException("perf script failed: " + String.join("; ", Files.readAllLines(errors)));
        }
        return stacks;
    }

    /** The files perf has finished, in order: it names each in its log as it switches. */
    private List<String> dumps() throws IOException {
        List<String> files = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = DUMP.matcher(line.strip());
            if (m.matches()) {
                files.add(m.group(1));
            }
        }
        return files;
    }

    /** Sends one control command and waits for perf's answer. */
    private void command(String name) throws IOException, InterruptedException {
        control.write((name + "\n").getBytes(StandardCharsets.US_ASCII));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
        while (acks.poll(100, TimeUnit.MILLISECONDS) == null) {
            if (!perf.isAlive()) {
                throw new IOException("perf record ended: " + output());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("perf record did not answer '" + name + "' within " + ANSWER_SECONDS + " s");
            }
        }
    }

    /** perf answers each command with a line ({@code ack}); close() writes one itself to end this thread. */
    private void readAcks() {
        try {
            int b;
            while ((b = answers.read()) >= 0 && !closing) {
                if (b == '\n') {
                    acks.add(Boolean.TRUE);
                }
            }
        } catch (IOException closed) {
            // the recording was closed
        }
    }

    private String output() {
        try {
            String text = Files.exists(log) ? Files.readString(log).strip() : "";
            return text.isEmpty() ? "(no message)" : String.join("; ", text.lines().toList());
        } catch (IOException e) {
            return "(its messages could not be read: " + e.getMessage() + ")";
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        // the C locale: procps' kill misreads some signal names under others (tr_TR: -CONT, -HUP are "invalid")
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    @Override
    public void close() throws IOException {
        watchdog.descendants().forEach(ProcessHandle::destroyForcibly);     // its 'sleep 1'
        watchdog.destroyForcibly();
        perf.destroyForcibly();
        closing = true;
        try {
            answers.write('\n');            // wakes the reader, which holds no other way out of a blocked read
            ackReader.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            control.close();
            answers.close();
            try (var files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }
}
