package benchkit.spi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A configured workload. One instance serves a whole run; it must be safe to call
 * {@link #openSession} from several threads.
 */
public interface Workload extends AutoCloseable {
    /** Whether the target already holds this workload's data (the runner prepares when not). */
    default boolean isPrepared(Target target) throws Exception {
        return true;
    }

    /** Creates and loads the data. */
    default void prepare(Target target, PrepareContext context) throws Exception {
    }

    /** Removes the data. */
    default void cleanup(Target target) throws Exception {
    }

    /** Removes the data, saying what it does to {@code context} (e.g. sysbench's {@code Dropping table 'sbtest1'...}). */
    default void cleanup(Target target, PrepareContext context) throws Exception {
        cleanup(target);
    }

    /**
     * Reads the prepared data into the server's caches before a measurement (sysbench's {@code prewarm} command),
     * with up to {@code context.threads()} connections.
     *
     * @throws UnsupportedOperationException when the workload has no such step (the default)
     */
    default void prewarm(Target target, PrepareContext context) throws Exception {
        throw new UnsupportedOperationException("it has no prewarm step");
    }

    /**
     * The server this workload's own options point it at, e.g. memcached's {@code --memcached-servers}
     * (its first server): the run loads that server as it is, instead of one bench launches or
     * {@code --mysql-*} names. Empty, the default, leaves the choice to {@code --server}.
     */
    default Optional<Target> namedServer() {
        return Optional.empty();
    }

    /**
     * What the results depend on besides the workload's options, for the run's record ({@code run.json}, as
     * {@code source.NAME}): e.g. the path and SHA-256 of the script file a script workload ran, and what ran it.
     * Empty by default.
     *
     * @since SPI 1 (added later; a plugin that does not override it records nothing more)
     */
    default Map<String, String> provenance() {
        return Map.of();
    }

    /**
     * What the user should know at the start of a run about how bench runs this workload, each a line the runner prints
     * as a {@code # Note:} after its header (e.g. the parts of a sysbench script a bench run does not call). Empty by
     * default.
     *
     * @since SPI 1 (added later; a plugin that does not override it has nothing said)
     */
    default List<String> notes() {
        return List.of();
    }

    /**
     * The kinds of event this workload's sessions name with {@link SessionContext#eventKind(int)}, e.g. TPC-C's
     * {@code new_order}, {@code payment}, {@code order_status}, {@code delivery}, {@code stock_level}: each gets its own
     * throughput ({@code tps.KIND}) and latency percentiles ({@code latency.KIND.p50/p95/p99}) per iteration, compared
     * between variants like the totals. Names are letters, digits, {@code _} and {@code -}. Empty by default.
     *
     * @since SPI 1 (added later; a plugin that does not override it has totals only)
     */
    default List<String> eventKinds() {
        return List.of();
    }

    /**
     * How many events each client thread runs when the workload's own options fix it (memslap's
     * {@code --execute-number}); 0, the default, for a run by time. The runner then measures one iteration of that many
     * events per thread, with no warm-up, and refuses an event limit ({@code --events}) given beside it.
     *
     * @since SPI 1 (added later; a plugin that does not override it runs by time)
     */
    default long eventsPerThread() {
        return 0;
    }

    /**
     * Why an iteration whose sessions counted these queries ({@link QueryCounter}) did not measure the workload's events,
     * or empty when it did (the default): e.g. memcached gets that all missed the keys loaded before the run, as after
     * the server was restarted and so emptied. The runner treats such an iteration as a stalled one: it is kept in the
     * journal, left out of the scores and measured again, and the run fails when measuring again does not make up for it.
     *
     * @since SPI 1 (added later; a plugin that does not override it has every iteration judged by the runner alone)
     */
    default Optional<String> invalidIteration(long reads, long writes, long others) {
        return Optional.empty();
    }

    /**
     * {@link #invalidIteration(long, long, long)} for an iteration of a trial on {@code target}, which the runner calls at
     * the end of every iteration, after its timed window and whatever else made it invalid: a workload that can ask the
     * target's servers what happened meanwhile (memcached's {@code stats}: a restart, a {@code flush_all}) overrides this
     * one. The default judges by the counts alone.
     *
     * @since SPI 1 (added later; a plugin that does not override it is judged by the counts alone)
     */
    default Optional<String> invalidIteration(Target target, long reads, long writes, long others) {
        return invalidIteration(reads, writes, others);
    }

    /**
     * {@link #invalidIteration(Target, long, long, long)} with a place for what the user should know of the iteration
     * though it does not make it invalid (memcached's evictions that made some gets miss): each line given to
     * {@code warnings}, in the workload's words, is printed as a warning after the iteration's line. The runner calls
     * this one, on a thread of its own while it watches the load; the default warns of nothing.
     *
     * @since SPI 1 (added later; a plugin that does not override it is judged as before, with no warning)
     */
    default Optional<String> invalidIteration(Target target, long reads, long writes, long others,
                                              java.util.function.Consumer<String> warnings) {
        return invalidIteration(target, reads, writes, others);
    }

    /** Opens the session of one client thread; called once per thread per trial. */
    Session openSession(Target target, SessionContext context) throws Exception;

    /**
     * After the run's last trial, before its end is written: the workload's own teardown of the run (a sysbench script's
     * {@code done()}), whose failure fails the run as a session's that failed to close does. Nothing by default;
     * {@link #close()} comes later, and does what this has not.
     *
     * @since SPI 1 (added later; a plugin that does not override it has nothing to finish)
     */
    default void finishRun() throws Exception {
    }

    @Override
    default void close() throws Exception {
    }
}
