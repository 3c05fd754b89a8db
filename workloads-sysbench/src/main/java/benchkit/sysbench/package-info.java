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
 *   <li>{@code OltpEvents} (the oltp_* scripts), {@code InsertEvents} (oltp_insert) and {@code RandomPoints}
 *       (select_random_points/-ranges) - what one event sends, as {@link benchkit.mysql.script.RequestScript}s
 *       of module mysql-client, whose sessions (JDBC or bench's own wire client, {@code --driver}) own the
 *       connection and sysbench's error handling (ignore and roll back, reconnect and retry).</li>
 * </ul>
 */
package benchkit.sysbench;
