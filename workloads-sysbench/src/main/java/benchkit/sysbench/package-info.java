/**
 * sysbench 1.0.20-compatible OLTP workloads, built on the public SPI only.
 *
 * <p>Entry points: {@link benchkit.sysbench.OltpWorkloadFactory} (one nested factory per script,
 * registered in {@code META-INF/services/benchkit.spi.WorkloadFactory}) creating an
 * {@link benchkit.sysbench.OltpWorkload}. The pieces, one job each:
 * <ul>
 *   <li>{@link benchkit.sysbench.OltpOptions} - the options of oltp_common.lua and --rand-*, parsed once;</li>
 *   <li>{@link benchkit.sysbench.OltpScript} - which statements an event of each script runs (Block, Step, Query);</li>
 *   <li>{@link benchkit.sysbench.SbRandom} - sysbench's PRNG and distributions; {@link benchkit.sysbench.RowValues} - c, pad and k;</li>
 *   <li>{@code TableLoader} and {@code Schema} - prepare, isPrepared and cleanup of the sbtestN tables;</li>
 *   <li>{@link benchkit.sysbench.Connector} - driver and transport choice (MariaDB Connector/J reads through the sockets of module mariadb-sockets);</li>
 *   <li>{@code InsertEvents} and {@code RandomPoints} - what an event of oltp_insert and of
 *       select_random_points/-ranges sends, whichever client sends it;</li>
 *   <li>{@code JdbcSession} and its subclasses - one client thread, with sysbench's error handling;</li>
 *   <li>{@code WireSession} and its subclasses - the same scripts over bench's own protocol client
 *       ({@link benchkit.mysql.wire}, {@code --driver wire}), as {@link benchkit.spi.PolledSession}s
 *       that event loops can drive.</li>
 * </ul>
 */
package benchkit.sysbench;
