package benchkit.core.run.console;

/**
 * An open loop ({@code --rate}) at one instant, as sysbench reports it after each progress line.
 *
 * @param queueLength events due that no session has taken yet (the load falls behind its rate)
 * @param concurrency events in flight
 */
public record OpenLoopState(long queueLength, long concurrency) {
}
