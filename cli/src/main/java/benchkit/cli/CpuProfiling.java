package benchkit.cli;

import benchkit.core.run.plan.RunPlan;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code --profile cpu}: whether this machine can sample the server with perf. Where it cannot (perf missing or
 * refused), one note says so and the run goes on without a profile; a server bench did not start is refused.
 */
final class CpuProfiling {
    private CpuProfiling() {
    }

    /**
     * How perf can sample here ({@code system}: every CPU, the cheap way; {@code process}: the server's threads),
     * empty for {@code none} or when perf cannot (then with a note on {@code err}).
     */
    static Optional<String> scope(String profile, PrintWriter err) {
        if (profile.equals("none")) {
            return Optional.empty();
        }
        if (!profile.equals("cpu")) {
            throw new UsageException("--profile " + profile + ": expected cpu or none");
        }
        if (perfRefusal(List.of("-a")) == null) {
            return Optional.of("system");
        }
        String refused = perfRefusal(List.of());
        if (refused != null) {
            err.println("bench: note: --profile cpu: " + refused + "; the run goes on without a profile");
            return Optional.empty();
        }
        return Optional.of("process");
    }

    /**
     * A server bench did not start has no process of bench's to sample: refused as the other options for a launched
     * server are (sweep 10, case N60), not run without the profile asked for.
     */
    static void requireLaunched(String profile, boolean external, String server) {
        if (profile.equals("cpu") && external) {
            throw Variants.launchOnly(List.of("--profile " + profile), server
                    + " (perf samples only a server process bench started)");
        }
    }

    /** The same for plans whose servers the workload names itself (--memcached-servers). */
    static void requireLaunched(String profile, Collection<RunPlan> plans) {
        requireLaunched(profile, plans.stream().flatMap(p -> p.variants().stream())
                .anyMatch(v -> "external".equals(v.params().get("distribution"))), "a server the workload names");
    }

    static Path dir(Path resultDir) {
        return resultDir.resolve("profiles");
    }

    /** Why perf cannot sample here (missing, or refused by perf_event_paranoid), or null when it can. */
    private static String perfRefusal(List<String> scope) {
        Path data = null;
        try {
            data = Files.createTempFile("bench-perf-check", ".data");
            List<String> command = new ArrayList<>(List.of("perf", "record", "-e", "cpu-clock", "-q", "-o", data.toString()));
            command.addAll(scope);
            command.addAll(List.of("--", "true"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "perf record did not finish a trial recording in 30 s";
            }
            return p.exitValue() == 0 ? null
                    : "perf record failed (" + out.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + p.exitValue())
                    + "; see /proc/sys/kernel/perf_event_paranoid)";
        } catch (IOException e) {
            return "perf is not installed here (Debian: apt-get install linux-perf)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            if (data != null) {
                try {
                    Files.deleteIfExists(data);
                } catch (IOException ignored) {
                    // a temporary file
                }
            }
        }
    }
}
