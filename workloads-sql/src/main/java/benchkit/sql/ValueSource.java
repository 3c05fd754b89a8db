package benchkit.sql;

import benchkit.mysql.script.Request;
import benchkit.mysql.wire.ParamType;

import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Where the value of one {@code ?} comes from, declared by a {@code -- @param} line. Shared
 * sources are immutable; a source with per-session state (a sequence) gives each session its own copy.
 */
interface ValueSource {
    /** How the value is sent: {@link ParamType#LONG} or {@link ParamType#STRING}. */
    ParamType type();

    /** Sets parameter {@code index} (0-based) of {@code request} to the next value. */
    void fill(Request request, int index, SplittableRandom random);

    /** The source one session uses; {@code thread} of {@code threads} (the prepare step is thread 0 of 1). */
    default ValueSource forSession(int thread, int threads) {
        return this;
    }

    /** Whole numbers drawn by {@code next}. */
    static ValueSource longs(ToLongFunction<SplittableRandom> next) {
        return new Drawn(ParamType.LONG, (request, index, random) -> request.setLong(index, next.applyAsLong(random)));
    }

    /** Text drawn by {@code next}. */
    static ValueSource strings(Function<SplittableRandom, String> next) {
        return new Drawn(ParamType.STRING, (request, index, random) -> request.setString(index, next.apply(random)));
    }

    /** A source without state of its own: its type, and how it fills a parameter. */
    record Drawn(ParamType type, Filler filler) implements ValueSource {
        @Override
        public void fill(Request request, int index, SplittableRandom random) {
            filler.fill(request, index, random);
        }
    }

    /** {@link ValueSource#fill}, as a lambda. */
    @FunctionalInterface
    interface Filler {
        void fill(Request request, int index, SplittableRandom random);
    }
}
