package benchkit.spi;

/**
 * One iteration of a trial.
 *
 * @param index       1-based index within its phase
 * @param warmup      whether this is a warmup iteration (its results are not reported)
 * @param durationSec planned duration in seconds
 */
public record IterationInfo(int index, boolean warmup, double durationSec) {
}
