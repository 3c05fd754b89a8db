package benchkit.cli;

import benchkit.core.console.LoadProgress;
import benchkit.spi.PrepareContext;
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
        int parallel = threads;
        LoadProgress progress = LoadProgress.forStream(System.out, "");
        try {
            workload.prepare(server.target(), new PrepareContext() {
                @Override
                public int threads() {
                    return parallel;
                }

                @Override
                public void progress(String unit, long done, long total) {
                    progress.progress(unit, done, total);
                }
            });
        } finally {
            progress.close();
        }
        System.out.printf("Prepared %s on %s in %.1f s%n", name, server.target(), (System.nanoTime() - start) / 1e9);
    }
}
