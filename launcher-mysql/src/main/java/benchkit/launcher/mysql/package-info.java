/**
 * Starting and reaching MySQL-family servers.
 *
 * <p>{@link benchkit.launcher.mysql.MysqlLauncher} (launcher {@code mysql}) resolves a distribution
 * ({@link benchkit.launcher.mysql.Distributions}: embedded tarballs via
 * {@link benchkit.launcher.mysql.EmbeddedDistribution}, the system server, or an install directory) into an
 * {@link benchkit.launcher.mysql.Installation}, writes a my.cnf computed by
 * {@link benchkit.launcher.mysql.ServerConfig} from {@code benchkit/server/my.cnf.template} into a private
 * {@link benchkit.launcher.mysql.LaunchDir}, initialises the datadir, starts the server (with the allocator
 * preloaded and CPUs pinned when asked), secures it and returns a
 * {@link benchkit.launcher.mysql.MysqlServerHandle}. A JVM shutdown hook and a small watchdog process make
 * sure no server outlives the JVM. {@link benchkit.launcher.mysql.ExternalServer} reaches a server benchkit
 * does not own.
 */
package benchkit.launcher.mysql;
