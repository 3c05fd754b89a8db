package benchkit.sql;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * Where the value of one {@code ?} comes from, declared by a {@code -- @param} line. Shared
 * sources are immutable; a source with per-session state (a sequence) gives each session its own copy.
 */
interface ValueSource {
    /** Sets parameter {@code index} of {@code statement} to the next value. */
    void bind(PreparedStatement statement, int index, SplittableRandom random) throws SQLException;

    /** The source one session uses; {@code thread} of {@code threads} (the prepare step is thread 0 of 1). */
    default ValueSource forSession(int thread, int threads) {
        return this;
    }
}
