package benchkit.cli;

import benchkit.spi.ServerHandle;
import benchkit.spi.Workload;
import picocli.CommandLine.Command;

/** {@code bench cleanup}: drop a workload's data from an external server. */
@Command(name = "cleanup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Drop the workload's tables from an external server.")
final class CleanupCommand extends DataCommand {
    @Override
    String forMemcached() {
        return "memcached's keys go when it restarts or is flushed ('bench run --flush on' flushes the servers of "
                + "--memcached-servers and loads them again before each trial)";
    }

    @Override
    void act(Workload workload, ServerHandle server, String name) throws Exception {
        workload.cleanup(server.target(), context(null));
        done("Cleaned up " + name + " on " + server.target());
    }
}
