package benchkit.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the built {@code bench.jar} as a user would: a separate java process. */
final class BenchJar {
    record Result(int exit, String out, String err) {
        String all() {
            return out + "\n" + err;
        }
    }

    private BenchJar() {
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("bench.jar", "../cli/target/bench.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("bench.jar not built: " + jar.toAbsolutePath());
        }
        return jar;
    }

    static Result run(Path workDir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return run(workDir, timeoutSeconds, Map.of(), args);
    }

    /** A bench process started in the background; its output goes to files read by {@link #finish}. */
    record Running(Process process, Path out, Path err) {
        /** Waits until the run in {@code out} has journaled {@code n} finished iterations (of {@code variant}, unless empty). */
        void awaitIterations(Path out, int n, String variant) throws IOException, InterruptedException {
            Path journal = out.resolve("journal.jsonl");
            String ofVariant = variant.isEmpty() ? "" : "\"variant\":\"" + variant + "\"";
            for (int i = 0; i < 1200; i++) {
                if (Files.exists(journal) && Files.readAllLines(journal).stream()
                        .filter(l -> l.contains("\"event\":\"iteration\"") && l.contains(ofVariant)).count() >= n) {
                    return;
                }
                if (!process.isAlive()) {
                    throw new AssertionError("bench ended early: " + finish(1).all());
                }
                Thread.sleep(100);
            }
            throw new AssertionError("no " + n + " iterations in the journal after 120 s");
        }

        Result finish(long timeoutSeconds) throws IOException, InterruptedException {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("bench did not finish in " + timeoutSeconds + " s");
            }
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        }
    }

    /** The arguments of {@code a} followed by {@code b}. */
    static String[] args(String[] a, String... b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    static Running start(Path workDir, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(jar().toAbsolutePath().toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(workDir, "bench", ".out");
        Path err = Files.createTempFile(workDir, "bench", ".err");
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        return new Running(pb.start(), out, err);
    }

    static Result run(Path workDir, long timeoutSeconds, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Running running = start(workDir, env, args);
        Process p = running.process();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
            throw new AssertionError("bench did not finish in " + timeoutSeconds + " s: " + String.join(" ", args)
                    + "\n" + Files.readString(running.out()) + Files.readString(running.err()));
        }
        return running.finish(0);
    }
}
