package benchkit.core.run;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A run of {@link FakeWorkload} long enough to be sent a signal, in a JVM of its own: {@link SignalGuardTest}. */
final class SignalledRun {
    private SignalledRun() {
    }

    /**
     * {@code args[0]}: the result directory; {@code args[1]}, if given: how long the server's shutdown takes (ms), during
     * which more signals can come; {@code args[2]}, if given: the warm-up iterations before the measured ones. Exits 0 when the run ends by itself (it should not), else 1.
     */
    public static void main(String[] args) throws Exception {
        Duration closing = Duration.ofMillis(args.length > 1 ? Long.parseLong(args[1]) : 0);
        Variant variant = new Variant("a", Map.of("allocator", "a"), () -> new FakeServer("a").closingIn(closing));
        int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        RunPlan plan = RunOptions.builder().threads(1).warmup(warmups, Duration.ofMillis(200))
                .measure(200, Duration.ofMillis(200)).forks(1).reportInterval(Duration.ZERO)
                .plan("fake", List.of(variant), Path.of(args[0]));
        RunSummary summary = new Runner(plan, FakeWorkload.alwaysOk(1000), List::of,
                new PrintStream(System.out, true, StandardCharsets.UTF_8)).run();
        System.exit(summary.complete() ? 0 : 1);
    }
}
