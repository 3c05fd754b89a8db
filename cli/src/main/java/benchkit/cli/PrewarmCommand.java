package benchkit.cli;

import benchkit.spi.ServerHandle;
import benchkit.spi.Workload;
import picocli.CommandLine.Command;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code bench prewarm}: read a workload's data into an external server's caches (sysbench's prewarm). */
@Command(name = "prewarm", aliases = "warmup", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Read the workload's tables into an external server's caches before a run, as sysbench's prewarm "
                + "(oltp workloads; --threads share the tables).")
final class PrewarmCommand extends DataCommand {
    /** MySQL's ER_NO_SUCH_TABLE as a script's failure words it: {@code errno = 1146, ...: Table 'db.t' doesn't exist}. */
    private static final Pattern NO_SUCH_TABLE = Pattern.compile("errno = 1146\\b.*?Table '([^']+)' doesn't exist");

    @Override
    String forMemcached() {
        return "memcached holds its keys in memory, where 'bench run' loads them itself (--initial-load)";
    }

    @Override
    void act(Workload workload, ServerHandle server, String name) throws Exception {
        long start = System.nanoTime();
        try {
            workload.prewarm(server.target(), context(null));
        } catch (UnsupportedOperationException e) {
            throw new UsageException("workload " + name + " cannot prewarm: " + e.getMessage());
        } catch (Exception e) {
            // a sysbench line fails in sysbench's words; bench's own command says what is missing and what to run
            Matcher m = NO_SUCH_TABLE.matcher(Cli.describe(e));
            if (console.sysbenchLine() || !m.find()) {
                throw e;
            }
            IllegalStateException said = new IllegalStateException(name + " prewarm: table " + m.group(1) + " does not "
                    + "exist on " + server.target() + "; bench prepare --workload " + name + " with the same options "
                    + "creates the tables");
            said.addSuppressed(e);
            throw said;
        }
        done(String.format("Prewarmed %s on %s in %.1f s", name, server.target(), (System.nanoTime() - start) / 1e9));
    }
}
