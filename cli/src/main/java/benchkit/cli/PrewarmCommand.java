package benchkit.cli;

import benchkit.spi.ServerHandle;
import benchkit.spi.Workload;
import picocli.CommandLine.Command;

/** {@code bench prewarm}: read a workload's data into an external server's caches (sysbench's prewarm). */
@Command(name = "prewarm", aliases = "warmup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Read the workload's tables into an external server's caches before a run, as sysbench's prewarm "
                + "(oltp workloads; --threads share the tables).")
final class PrewarmCommand extends DataCommand {
    @Override
    void act(Workload workload, ServerHandle server, String name) throws Exception {
        long start = System.nanoTime();
        try {
            workload.prewarm(server.target(), context(null));
        } catch (UnsupportedOperationException e) {
            throw new UsageException("workload " + name + " cannot prewarm: " + e.getMessage());
        }
        done(String.format("Prewarmed %s on %s in %.1f s", name, server.target(), (System.nanoTime() - start) / 1e9));
    }
}
