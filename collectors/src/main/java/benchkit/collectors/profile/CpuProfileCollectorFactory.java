package benchkit.collectors.profile;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The {@code cpu-profile} collector ({@code bench run --profile cpu}): where the server's CPU went, sampled by
 * Linux perf ({@code perf record -e cpu-clock -g}, which needs no hardware counters) during the measurement
 * iterations. Off unless asked: sampling costs the server some CPU (docs/profiling.md gives the measured cost).
 */
public final class CpuProfileCollectorFactory implements CollectorFactory {
    public static final String NAME = "cpu-profile";
    /** The option naming where the folded stacks go; bench run sets it to the result directory's {@code profiles}. */
    public static final String DIR = "dir";
    /** The option saying how perf samples: {@code system} (every CPU) or {@code process} (the server's threads). */
    public static final String SCOPE = "scope";
    static final int DEFAULT_HERTZ = 499;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "where the server's CPU went (allocator, locks, kernel, top functions) and its folded stacks, sampled "
                + "with perf during measurement iterations";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(
                new OptionSpec("frequency", Integer.toString(DEFAULT_HERTZ), "samples per second per CPU (perf -F)"),
                new OptionSpec(DIR, null, "directory for the folded stacks (bench run: <result directory>/profiles)"),
                new OptionSpec(SCOPE, "system", "system: perf samples every CPU and keeps the server's samples (cheap; "
                        + "needs root or perf_event_paranoid <= 0); process: perf follows the server's threads (costs "
                        + "more at every context switch)"));
    }

    @Override
    public Collector create(Map<String, String> options) {
        OptionValues values = OptionValues.parse(NAME, options(), options);
        return new CpuProfileCollector(Path.of(values.string(DIR)), values.intValue("frequency", 1, 20_000),
                values.choice(SCOPE, List.of("system", "process")).equals("system"));
    }
}
