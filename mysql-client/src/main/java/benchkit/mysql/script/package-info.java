/**
 * One way to write what a SQL workload's event sends, and one driver of it, as sysbench splits its C
 * driver from its Lua scripts: a {@link benchkit.mysql.script.RequestScript} declares the statements it
 * prepares and fills one {@link benchkit.mysql.script.Request} at a time; a session runs it, either a
 * blocking JDBC session or a {@link benchkit.spi.PolledSession} of bench's own wire client
 * ({@link benchkit.mysql.wire}) that event loops can drive. The session owns the connection, the
 * counting of reads, writes and others, and the one error policy
 * ({@link benchkit.mysql.IgnoredErrors}: ignore a listed code and roll back, reconnect and retry after a
 * lost connection, otherwise end the run with one line). {@link benchkit.mysql.script.ScriptSessions}
 * chooses the driver and transport ({@code --driver}, {@code --transport}) and opens the sessions.
 * The sysbench OLTP scripts, the SQL template workload and the SQL key-value workload are scripts over it.
 */
package benchkit.mysql.script;
