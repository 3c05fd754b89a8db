/**
 * Starting and reaching MySQL-family servers.
 *
 * <p>{@link benchkit.core.server.MysqlLauncher} (launcher {@code mysql}) resolves a distribution
 * ({@link benchkit.core.server.Distributions}: embedded tarballs via
 * {@link benchkit.core.server.EmbeddedDistribution}, the system server, or an install directory) into an
 * {@link benchkit.core.server.Installation}, writes a my.cnf computed by
 * {@link benchkit.core.server.ServerConfig} from {@code benchkit/server/my.cnf.template} into a private
 * {@link benchkit.core.server.LaunchDir}, initialises the datadir, starts the server (with the allocator
 * preloaded and CPUs pinned when asked), secures it and returns a
 * {@link benchkit.core.server.MysqlServerHandle}. A JVM shutdown hook and a small watchdog process make
 * sure no server outlives the JVM. {@link benchkit.core.server.ExternalServer} wraps a server benchkit
 * does not own.
 */
package benchkit.core.server;
