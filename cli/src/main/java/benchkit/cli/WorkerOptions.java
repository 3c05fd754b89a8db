package benchkit.cli;

import benchkit.launch.Rendezvous;
import benchkit.core.run.load.StartBarrier;
import benchkit.core.run.plan.WorkerRole;
import benchkit.launcher.mysql.SqlRendezvous;
import benchkit.memcached.client.MemcachedRendezvous;
import benchkit.spi.Target;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/** {@code --worker I/N --run-id ID}: this bench as one of several client processes loading one target. */
final class WorkerOptions {
    @Option(names = "--worker", paramLabel = "I/N",
            description = "Run as worker I of N client processes loading one target (--mysql-host/--mysql-socket or "
                    + "--memcached-servers): every trial starts when all N reach it, worker 0 alone prepares the data, "
                    + "and 'bench merge' joins their results; auto/N takes I from the engine (Kubernetes' "
                    + "JOB_COMPLETION_INDEX, Swarm's slot). '{worker}' in --out becomes I. --clients starts the workers for you.")
    String worker;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "With --worker: the run's name, the same for all its workers (letters, digits, '.', '_', '-').")
    String runId;

    private static final double DEFAULT_BARRIER_SECONDS = 300;

    @Option(names = "--barrier-timeout", paramLabel = "SECONDS",
            description = "With --worker (or --clients): how long to wait for the other workers at each start, worker 0's "
                    + "prepare included (default 300).")
    Double barrierTimeout;

    /** The worker role given, checked; empty for a run of its own. */
    Optional<WorkerRole> role() {
        if (worker == null) {
            if (runId != null) {
                throw new UsageException("--run-id names the run of several workers: give --worker I/N too");
            }
            return Optional.empty();
        }
        if (runId == null) {
            throw new UsageException("--worker needs --run-id ID, the same for every worker of the run");
        }
        barrierTimeout();
        return Optional.of(WorkerRole.parse(worker, runId, System::getenv));
    }

    /**
     * Refuses --barrier-timeout where no worker waits at a barrier: a run of its own would ignore it without a word.
     * A coordinator ({@code clients}) hands it to its workers, so its value is checked here, before they start.
     */
    void requireWorkersFor(boolean clients) {
        if (barrierTimeout == null || worker != null) {
            return;
        }
        if (!clients) {
            throw new UsageException("--barrier-timeout is how long a worker waits for the others: give --worker I/N "
                    + "(or --clients N) too, or leave it out");
        }
        barrierTimeout();
    }

    private Duration barrierTimeout() {
        return RunCommand.seconds("--barrier-timeout", barrierTimeout == null ? DEFAULT_BARRIER_SECONDS : barrierTimeout, false);
    }

    /**
     * The place the workers meet: the target itself. Only a target every worker reaches will do, so a launched
     * server (one per worker) is refused.
     */
    Rendezvous rendezvous(String protocol, ServerOptions server, Optional<Target> namedServer) throws IOException {
        requireSharedTarget(protocol, server, namedServer);
        if (protocol.equals("memcached")) {
            Target t = namedServer.get();
            return new MemcachedRendezvous(t.host(), t.port());
        }
        return SqlRendezvous.open(namedServer.orElseGet(() -> Variants.externalTarget(server)));
    }

    /**
     * Workers load one target they all reach: the server the workload's options name, or the one of
     * --mysql-*; a server bench launched would be each worker's own.
     */
    static void requireSharedTarget(String protocol, ServerOptions server, Optional<Target> namedServer) {
        if (namedServer.isPresent()) {
            return;
        }
        if (protocol.equals("memcached")) {
            throw new UsageException("several workers load one memcached they all reach: give --memcached-servers HOST:PORT");
        }
        if (!server.isExternal()) {
            throw new UsageException("several workers load one server they all reach: give --mysql-host or --mysql-socket "
                    + "(a server bench launched would be each worker's own)");
        }
    }

    StartBarrier barrier(WorkerRole role, Rendezvous store) {
        return new StartBarrier(store, role, barrierTimeout(), System.out::println);
    }
}
