package benchkit.core.run;

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

    /** {@code I/N}, e.g. {@code 2/3}. */
    public static WorkerRole parse(String worker, String runId) {
        if (worker == null || !worker.matches("\\d{1,6}/\\d{1,6}")) {
            throw new InvalidOptionException("--worker " + worker + " is not valid; expected I/N, e.g. 0/3 for the first of three workers");
        }
        String[] in = worker.split("/");
        return new WorkerRole(Integer.parseInt(in[0]), Integer.parseInt(in[1]), runId);
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
