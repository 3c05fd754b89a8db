/**
 * Annotations for writing a workload the JMH way instead of implementing
 * {@link benchkit.spi.WorkloadFactory}, {@link benchkit.spi.Workload} and {@link benchkit.spi.Session}.
 * benchkit adapts an annotated class to those interfaces. Like the rest of the SPI this package
 * depends on {@code java.*} only.
 *
 * <pre>{@code
 * @BenchWorkload(name = "example-orders", description = "point lookups and inserts on one table")
 * public class Orders implements AnnotatedWorkload {
 *     @Param(description = "customers in the table", min = 1) public int customers = 1000;
 *
 *     @Setup public void createTable(Target target) throws SQLException { ... }
 *
 *     @State public static class Connection { ... @Setup public void open(Target t) ... }
 *
 *     @Event(weight = 9) public void lookup(Connection c, QueryCounter q) throws SQLException { ... }
 *     @Event(weight = 1) public Outcome insert(Connection c, QueryCounter q) throws SQLException { ... }
 * }
 * }</pre>
 */
package benchkit.spi.annotations;
