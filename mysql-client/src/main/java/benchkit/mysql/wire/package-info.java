/**
 * bench's own MySQL protocol client ({@code --driver wire}), just what the request scripts need
 * ({@link benchkit.mysql.script}) and no more: the log-in ({@code Login}: mysql_native_password,
 * caching_sha2_password), server-side prepared statements with integer, string and bytes parameters
 * ({@link benchkit.mysql.wire.WireStatement}), text queries for BEGIN/COMMIT/ROLLBACK, and replies
 * (OK, ERR, result sets whose rows are counted, not decoded) read as far as they have arrived
 * ({@link benchkit.mysql.wire.WireConnection}), over a non-blocking channel ({@code WireChannel}).
 *
 * <p>Why not a driver: measured side by side with sysbench, an event loop over this client halves the
 * client's CPU per query, while Vert.x's non-blocking MySQL client spent more per query than sysbench
 * (docs/vs-sysbench.md, "An event-loop client"). No TLS, no cursors, no multi-statements.
 */
package benchkit.mysql.wire;
