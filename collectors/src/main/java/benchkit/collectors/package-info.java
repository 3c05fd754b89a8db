/**
 * Built-in collectors, written against the public SPI only ({@code benchkit.spi}):
 * {@code process} (the server's CPU and memory, via OSHI), {@code client} (this JVM's own CPU and
 * memory, the load generator's cost) and {@code status} (rates of the server's
 * {@code SHOW GLOBAL STATUS} counters, via JDBC).
 */
package benchkit.collectors;
