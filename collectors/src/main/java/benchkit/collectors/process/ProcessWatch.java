package benchkit.collectors.process;

import benchkit.collectors.SampleStats;

import java.util.Optional;

/**
 * Watches one process over one iteration: a snapshot at the start, samples in between, a snapshot
 * at the end. Gives the CPU used over the iteration and RSS/VSZ statistics in MB. When the process
 * vanishes, keeps what it saw before (CPU up to the last good snapshot) and never throws.
 */
public final class ProcessWatch {
    private static final double MB = 1024.0 * 1024.0;

    private final ProcessProbe probe;
    private final long pid;
    private ProcessSnapshot first;
    private ProcessSnapshot last;
    private final SampleStats rssMb = new SampleStats();
    private final SampleStats vszMb = new SampleStats();

    public ProcessWatch(ProcessProbe probe, long pid) {
        this.probe = probe;
        this.pid = pid;
    }

    /** Takes the start snapshot; the first call of an iteration. */
    public void begin() {
        look();
    }

    /** Samples memory (and remembers the snapshot in case the process vanishes before the end). */
    public void sample() {
        look();
    }

    /** Takes the end snapshot; the last call of an iteration. */
    public void end() {
        look();
    }

    /** CPU between the first and last good snapshot; empty when fewer than two were taken. */
    public Optional<CpuUsage> cpu() {
        if (first == null || last == first) {
            return Optional.empty();
        }
        return CpuUsage.between(first, last);
    }

    public SampleStats rssMb() {
        return rssMb;
    }

    public SampleStats vszMb() {
        return vszMb;
    }

    private void look() {
        Optional<ProcessSnapshot> seen = probe.read(pid);
        if (seen.isEmpty()) {
            return;
        }
        ProcessSnapshot s = seen.get();
        if (first != null && s.startTime() != first.startTime()) {
            return; // another process now has this pid
        }
        if (first == null) {
            first = s;
        }
        last = s;
        rssMb.add(s.residentBytes() / MB);
        vszMb.add(s.virtualBytes() / MB);
    }
}
