package benchkit.collectors.process;

import benchkit.collectors.NoOptionsCollectorFactory;

/** The {@code process} collector: the server's CPU (% of one core), RSS and VSZ, read with OSHI. */
public final class ProcessCollectorFactory extends NoOptionsCollectorFactory {
    static final String NAME = "process";

    public ProcessCollectorFactory() {
        super(NAME, "server process CPU user/system (% of one core), RSS and VSZ (MB) via OSHI", true, ProcessCollector::new);
    }
}
