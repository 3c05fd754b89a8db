package benchkit.collectors.process;

import java.util.Optional;

/**
 * CPU used between two snapshots of one process, in percent of one core
 * (200 means two cores busy the whole time).
 */
public record CpuUsage(double userPercent, double systemPercent) {

    public double totalPercent() {
        return userPercent + systemPercent;
    }

    /**
     * delta(CPU time) / delta(wall time) x 100. Empty when the two snapshots cannot be compared:
     * no time passed, or they are of different processes (the pid was reused).
     */
    public static Optional<CpuUsage> between(ProcessSnapshot start, ProcessSnapshot end) {
        double wallMs = (end.wallNanos() - start.wallNanos()) / 1e6;
        long user = end.userMs() - start.userMs();
        long system = end.systemMs() - start.systemMs();
        if (wallMs <= 0 || start.startTime() != end.startTime() || user < 0 || system < 0) {
            return Optional.empty();
        }
        return Optional.of(new CpuUsage(100.0 * user / wallMs, 100.0 * system / wallMs));
    }
}
