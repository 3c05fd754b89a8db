package benchkit.collectors.machine;

import benchkit.spi.Aggregation;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * What competed with the run on this machine during each iteration, so that a wide interval can be told
 * apart from a small effect: {@code machine.cpu.other}, the CPU of processes that are neither bench (with
 * its launched servers and workers, its descendants) nor the server under load, and {@code machine.cpu.steal},
 * the time the hypervisor gave this VM's CPUs to others; both in % of one core over the iteration. Other
 * CPU is left out when the server's pid is unknown (an external server on this host would count as other).
 */
public final class MachineCollector implements Collector {
    private final OperatingSystem os;
    private final CentralProcessor processor;
    private final long self = ProcessHandle.current().pid();
    private long[] ticksAtStart;
    private long ownMsAtStart;
    private long startNanos;

    public MachineCollector() {
        SystemInfo system = new SystemInfo();
        os = system.getOperatingSystem();
        processor = system.getHardware().getProcessor();
    }

    @Override
    public String name() {
        return MachineCollectorFactory.NAME;
    }

    @Override
    public void beforeIteration(TrialInfo trial, IterationInfo iteration) {
        startNanos = System.nanoTime();
        ticksAtStart = processor.getSystemCpuLoadTicks();
        ownMsAtStart = ownCpuMs(trial.serverPid());
    }

    @Override
    public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) {
        long[] ticks = processor.getSystemCpuLoadTicks();
        long ownMs = ownCpuMs(trial.serverPid());
        double wallMs = (System.nanoTime() - startNanos) / 1e6;
        List<Metric> metrics = new ArrayList<>();
        if (ticksAtStart == null || wallMs <= 0) {
            return metrics;
        }
        double busyMs = 0;
        for (TickType t : new TickType[] {TickType.USER, TickType.NICE, TickType.SYSTEM, TickType.IRQ, TickType.SOFTIRQ}) {
            busyMs += ticks[t.getIndex()] - ticksAtStart[t.getIndex()];
        }
        double stealMs = ticks[TickType.STEAL.getIndex()] - ticksAtStart[TickType.STEAL.getIndex()];
        metrics.add(new Metric("machine.cpu.steal", Math.max(0, 100 * stealMs / wallMs), "%", Aggregation.AVG));
        if (trial.serverPid().isPresent()) {
            // processes that ended during the iteration took their CPU time with them: they count as other
            metrics.add(new Metric("machine.cpu.other", Math.max(0, 100 * (busyMs - (ownMs - ownMsAtStart)) / wallMs),
                    "%", Aggregation.AVG));
        }
        return metrics;
    }

    /** User and system CPU so far of bench, its descendants, and the server when it is not one of them. */
    private long ownCpuMs(OptionalLong serverPid) {
        List<OSProcess> own = new ArrayList<>(os.getDescendantProcesses((int) self, null, null, 0));
        OSProcess me = os.getProcess((int) self);
        if (me != null) {
            own.add(me);
        }
        if (serverPid.isPresent() && own.stream().noneMatch(p -> p.getProcessID() == serverPid.getAsLong())) {
            OSProcess server = os.getProcess((int) serverPid.getAsLong());
            if (server != null) {
                own.add(server);
            }
        }
        return own.stream().mapToLong(p -> p.getUserTime() + p.getKernelTime()).sum();
    }
}
