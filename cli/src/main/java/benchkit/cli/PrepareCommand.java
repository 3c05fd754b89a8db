package benchkit.cli;

import benchkit.launch.LoadProgress;
import benchkit.spi.ServerHandle;
import benchkit.spi.Workload;
import picocli.CommandLine.Command;

/** {@code bench prepare}: create and load a workload's data on an external server. */
@Command(name = "prepare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Create and load the workload's tables on an external server.")
final class PrepareCommand extends DataCommand {
    @Override
    String forMemcached() {
        return "'bench run' loads a memcached workload's keys itself, on the servers of --memcached-servers "
                + "(--initial-load, all by default)";
    }

    @Override
    void act(Workload workload, ServerHandle server, String name) throws Exception {
        long start = System.nanoTime();
        LoadProgress progress = LoadProgress.forStream(System.out, "");
        try {
            workload.prepare(server.target(), context(progress));
        } finally {
            progress.close();
        }
        done(String.format("Prepared %s on %s in %.1f s", name, server.target(), (System.nanoTime() - start) / 1e9));
    }

    @Override
    String remedy() {
        if (console.sysbenchLine()) {
            // a sysbench line's prepare is sysbench's, which stops at the first table already there (1050)
            return "run the same line with cleanup in place of prepare (" + sysbenchLine("cleanup")
                    + "), then prepare again: a sysbench prepare does not replace tables";
        }
        return "run bench prepare again (it replaces the tables) or bench cleanup";
    }
}
