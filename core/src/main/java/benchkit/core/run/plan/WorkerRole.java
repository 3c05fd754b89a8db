package benchkit.core.run.plan;

import benchkit.spi.InvalidOptionException;

/**
 * This process as worker {@code index} of {@code count} client processes loading one target together
 * ({@code --worker I/N --run-id ID}): the workers meet at a {@link StartBarrier} before every trial, worker 0 alone
 * prepares the data, and {@code bench merge} joins their results.
 */
public record WorkerRole(int index, int count, String runId) {
    public WorkerRole {
        if (count < 1 || index < 0 || index >= count) {
            throw new InvalidOptionException("--worker " + index + "/" + count + " is not valid; expected I/N with 0 <= I < N");
        }
        if (runId == null || !runId.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new InvalidOptionException("--run-id " + runId + " is not valid; expected 1 to 64 letters, digits, '.', '_' or '-' "
                    + "shared by every worker of the run");
        }
    }

    /** run.json setting of a worker's run: {@code I/N}. */
    public static final String WORKER_SETTING = "worker";
    /** run.json setting shared by the workers of one run. */
    public static final String RUN_ID_SETTING = "run-id";

    /** Kubernetes' Indexed Job gives each pod its index (0-based). */
    public static final String KUBERNETES_INDEX = "JOB_COMPLETION_INDEX";
    /** Docker Swarm gives each task of a service its slot (1-based), which bench passes in this variable. */
    public static final String SWARM_SLOT = "BENCH_WORKER_SLOT";

    /**
     * {@code I/N}, e.g. {@code 2/3}; or {@code auto/N}, the index taken from the engine that started this
     * process: {@value #KUBERNETES_INDEX} (0-based) or {@value #SWARM_SLOT} (1-based).
     */
    public static WorkerRole parse(String worker, String runId, java.util.function.UnaryOperator<String> env) {
        if (worker == null || !worker.matches("(\\d{1,6}|auto)/\\d{1,6}")) {
            throw new InvalidOptionException("--worker " + worker + " is not valid; expected I/N, e.g. 0/3 for the first of three "
                    + "workers, or auto/N to take I from " + KUBERNETES_INDEX + " or " + SWARM_SLOT);
        }
        String[] in = worker.split("/");
        int index;
        if (!in[0].equals("auto")) {
            index = Integer.parseInt(in[0]);
        } else if (env.apply(KUBERNETES_INDEX) != null) {
            index = number(KUBERNETES_INDEX, env.apply(KUBERNETES_INDEX));
        } else if (env.apply(SWARM_SLOT) != null) {
            index = number(SWARM_SLOT, env.apply(SWARM_SLOT)) - 1;
        } else {
            throw new InvalidOptionException("--worker auto/" + in[1] + " takes the index from " + KUBERNETES_INDEX + " or "
                    + SWARM_SLOT + ", and neither is set");
        }
        return new WorkerRole(index, Integer.parseInt(in[1]), runId);
    }

    private static int number(String variable, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new InvalidOptionException(variable + "=" + value + " is not a worker index");
        }
    }

    /** How run.json names it. */
    public String label() {
        return index + "/" + count;
    }

    /** Only worker 0 prepares the target's data; the others meet it at the first barrier, after its prepare. */
    public boolean prepares() {
        return index == 0;
    }
}
