package benchkit.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Something users already run that starts N bench workers and tells when they have ended. */
interface ClientEngine {
    /**
     * One run's workers.
     *
     * @param args     the run's own command line, without --clients, --out and the like
     * @param out      where the merged run goes; worker I writes {@code out/worker-I}
     * @param jar      this bench.jar
     */
    record Launch(int count, String runId, List<String> args, Path out, Path jar, String image, PrintStream console, Lost lost) {
        Launch(int count, String runId, List<String> args, Path out, Path jar, String image, PrintStream console) {
            this(count, runId, args, out, jar, image, console, (id, index, how) -> { });
        }

        /** The worker's command line after {@code java -jar bench.jar}, {@code worker} being {@code I} or {@code auto}. */
        List<String> workerArgs(String worker, Path outDir) {
            List<String> a = new ArrayList<>(args);
            a.addAll(List.of("--worker", worker + "/" + count, "--run-id", runId, "--out", outDir.resolve("worker-{worker}").toString()));
            return a;
        }

        Path workerDir(int index) {
            return out.resolve("worker-" + index);
        }
    }

    /** Told that worker {@code index} of run {@code runId} ended ({@code how}) while others still run, so they stop waiting for it. */
    interface Lost {
        void ended(String runId, int index, String how);

        /** Every worker of run {@code runId} has ended, some of them failed: what they left where they met goes. */
        default void forget(String runId) {
        }
    }

    /** e.g. "3 local processes". */
    String describe(int count);

    /**
     * Starts the workers and waits until every one has ended; the results are then in {@code out/worker-I}.
     * Returns the workers that failed, one line each (the merge names the missing ones again).
     */
    List<String> run(Launch launch) throws IOException, InterruptedException;
}
