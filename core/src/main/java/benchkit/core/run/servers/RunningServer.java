package benchkit.core.run.servers;

import benchkit.core.run.plan.Variant;

import benchkit.spi.ServerHandle;

/**
 * A variant's server started for a fork.
 *
 * @param serverName product and version as the results name it (e.g. {@code MariaDB 10.11.6}); empty when unknown
 */
public record RunningServer(Variant variant, ServerHandle server, String serverName) {
}
