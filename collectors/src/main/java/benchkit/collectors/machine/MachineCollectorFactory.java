package benchkit.collectors.machine;

import benchkit.collectors.NoOptionsCollectorFactory;

/** The {@code machine} collector: what else ran on this machine during each iteration. */
public final class MachineCollectorFactory extends NoOptionsCollectorFactory {
    static final String NAME = "machine";

    public MachineCollectorFactory() {
        super(NAME, "CPU of processes other than bench and its servers, and CPU steal (% of one core): how noisy the "
                + "machine was while the run measured", true, MachineCollector::new);
    }
}
