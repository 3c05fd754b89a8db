package benchkit.spi;

import java.util.OptionalLong;

/**
 * One trial: a variant of the run at one client thread count in one fork.
 *
 * @param workload   workload name
 * @param variant    variant label, e.g. {@code glibc}
 * @param threads    client threads
 * @param fork       1-based fork number
 * @param target     the server under load
 * @param serverPid  the server's process id when known (launched servers), else empty
 */
public record TrialInfo(String workload, String variant, int threads, int fork, Target target, OptionalLong serverPid) {
}
