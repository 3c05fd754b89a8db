package benchkit.collectors.profile;

import benchkit.spi.FileNames;
import benchkit.spi.StandardMetrics;
import benchkit.spi.Aggregation;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Samples the server's on-CPU stacks with perf during each measurement iteration (never warmup; one perf per
 * trial, started before its load) and reports
 * where its CPU went ({@link CpuBreakdown}) as {@code server.cpu.allocator}, {@code server.cpu.locks},
 * {@code server.cpu.kernel} (% of the server's CPU samples) and {@code server.profile.samples}. After each
 * trial it writes the trial's folded stacks and breakdown to {@code dir}: {@code <variant>-t<threads>-f<fork>.folded}
 * and {@code .json}. Without a server process id (an external server) it does nothing.
 */
final class CpuProfileCollector implements Collector {
    private final Path dir;
    private final int hertz;
    private final boolean systemWide;
    /** One perf for the trial, started before its load: an iteration only switches it on and off. */
    private PerfRecording recording;
    private FoldedStacks trialStacks;

    CpuProfileCollector(Path dir, int hertz, boolean systemWide) {
        this.dir = dir;
        this.hertz = hertz;
        this.systemWide = systemWide;
    }

    @Override
    public String name() {
        return CpuProfileCollectorFactory.NAME;
    }

    /** Folding an iteration's samples took 0.2-0.5 s on MariaDB 10.11, up to ~6 s on MySQL 5.7 at 512 threads (study A). */
    @Override
    public boolean pausesLoad() {
        return true;
    }

    @Override
    public void beforeTrial(TrialInfo trial) throws IOException, InterruptedException {
        trialStacks = new FoldedStacks();
        if (trial.serverPid().isPresent()) {
            recording = PerfRecording.start(trial.serverPid().getAsLong(), hertz, systemWide);
        }
    }

    @Override
    public void beforeIteration(TrialInfo trial, IterationInfo iteration) throws IOException, InterruptedException {
        if (!iteration.warmup() && recording != null) {
            recording.enable();
        }
    }

    @Override
    public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) throws IOException, InterruptedException {
        if (iteration.warmup() || recording == null) {
            return List.of();
        }
        FoldedStacks stacks = recording.fold();
        trialStacks.addAll(stacks);
        CpuBreakdown b = CpuBreakdown.of(stacks);
        List<Metric> metrics = new ArrayList<>();
        metrics.add(new Metric(StandardMetrics.SERVER_PROFILE_SAMPLES, b.samples(), "samples", Aggregation.SUM));
        if (b.samples() > 0) {
            metrics.add(new Metric(StandardMetrics.SERVER_CPU_ALLOCATOR, b.percent(b.allocator()), "%", Aggregation.AVG));
            metrics.add(new Metric(StandardMetrics.SERVER_CPU_LOCKS, b.percent(b.locks()), "%", Aggregation.AVG));
            metrics.add(new Metric(StandardMetrics.SERVER_CPU_KERNEL, b.percent(b.kernel()), "%", Aggregation.AVG));
        }
        return metrics;
    }

    @Override
    public void afterTrial(TrialInfo trial) throws IOException {
        if (recording != null) {
            recording.close();
            recording = null;
        }
        if (trialStacks == null || trialStacks.samples() == 0) {
            return;
        }
        Files.createDirectories(dir);
        String name = fileName(trial);
        try (Writer out = Files.newBufferedWriter(dir.resolve(name + ".folded"), StandardCharsets.UTF_8)) {
            trialStacks.write(out);
        }
        CpuBreakdown b = CpuBreakdown.of(trialStacks);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", trial.workload());
        summary.put("variant", trial.variant());
        summary.put("threads", trial.threads());
        summary.put("fork", trial.fork());
        summary.put("samples", b.samples());
        Map<String, Double> percent = new LinkedHashMap<>();
        percent.put("allocator", b.percent(b.allocator()));
        percent.put("locks", b.percent(b.locks()));
        percent.put("kernel", b.percent(b.kernel()));
        percent.put("other", b.percent(b.samples() - b.allocator() - b.locks() - b.kernel()));
        summary.put("percent", percent);
        summary.put("allocatorFunctions", b.allocatorFunctions());
        summary.put("syscalls", b.syscalls());
        summary.put("topFunctions", b.topFunctions());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve(name + ".json").toFile(), summary);
        trialStacks = null;
    }

    /** {@code jemalloc-t8-f1}: safe as a file name whatever the variant's label holds, and no other variant's. */
    static String fileName(TrialInfo trial) {
        return FileNames.of(trial.variant()) + "-t" + trial.threads() + "-f" + trial.fork();
    }
}
