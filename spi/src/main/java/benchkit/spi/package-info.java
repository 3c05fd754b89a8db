/**
 * The benchkit plugin SPI: workloads, collectors, server launchers and their value types.
 *
 * <p>This package depends on {@code java.*} only, so a plugin compiled against it needs nothing
 * else from benchkit. Plugins are found with {@link java.util.ServiceLoader} through their
 * factories ({@link benchkit.spi.WorkloadFactory}, {@link benchkit.spi.CollectorFactory},
 * {@link benchkit.spi.ServerLauncher}) and are keyed by {@code name()}.
 *
 * <p>Lifecycle of one trial (one variant at one thread count in one fork), as in JMH:
 * {@code Workload.prepare} (when {@code isPrepared} says the data is missing), one
 * {@code Session} per client thread, {@code Session.execute()} called in a loop and timed by the
 * runner, collectors around every iteration, then sessions closed.
 */
package benchkit.spi;
