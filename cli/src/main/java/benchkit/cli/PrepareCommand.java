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
        return "run bench prepare again (it replaces the tables) or bench cleanup";
    }
}
