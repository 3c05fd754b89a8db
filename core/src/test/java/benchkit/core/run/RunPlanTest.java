package benchkit.core.run;

import benchkit.core.run.plan.Defaults;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.core.run.plan.ClientThreads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPlanTest {
    private static final Variant A = new Variant("a", Map.of(), () -> null);
    private static final Variant B = new Variant("b", Map.of(), () -> null);
    private static final Duration S = Duration.ofSeconds(1);

    private static RunPlan plan(List<Variant> variants, List<Integer> threads, int warmups, Duration warmupTime,
                                int measurements, Duration measurementTime, int forks, long maxEvents, double rate) {
        return RunOptions.builder().threads(threads).warmup(warmups, warmupTime)
                .measure(measurements, measurementTime).forks(forks).reportInterval(S).maxEvents(maxEvents).rate(rate).plan("w", variants, Path.of("out"));
    }

    private static void rejects(String message, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void rejectsBadValuesWithOneLineMessages() {
        List<Variant> v = List.of(A);
        rejects("--threads=0 is not valid; expected thread counts from 1 to 100000", () -> plan(v, List.of(1, 0), 0, S, 1, S, 1, 0, 0));
        rejects("at least one thread count is required", () -> plan(v, List.of(), 0, S, 1, S, 1, 0, 0));
        rejects("thread counts must not repeat: [4, 4]", () -> plan(v, List.of(4, 4), 0, S, 1, S, 1, 0, 0));
        rejects("warmup iterations (--warmup-iterations) must be >= 0, got -1", () -> plan(v, List.of(1), -1, S, 1, S, 1, 0, 0));
        rejects("measurement iterations (--iterations) must be >= 1, got 0", () -> plan(v, List.of(1), 0, S, 0, S, 1, 0, 0));
        rejects("warmup time (--warmup-time) must be more than 0 s, got 0 s", () -> plan(v, List.of(1), 1, Duration.ZERO, 1, S, 1, 0, 0));
        rejects("warmup time (--warmup-time) must be 0 s or more, got -1 s", () -> plan(v, List.of(1), 0, Duration.ofSeconds(-1), 1, S, 1, 0, 0));
        rejects("measurement time (--time) must be more than 0 s, got -1 s",
                () -> plan(v, List.of(1), 0, S, 1, Duration.ofSeconds(-1), 1, 0, 0));
        rejects("forks (--forks) must be >= 1, got 0", () -> plan(v, List.of(1), 0, S, 1, S, 0, 0, 0));
        rejects("max events (--events) must be >= 0 (0 = unlimited), got -5", () -> plan(v, List.of(1), 0, S, 1, S, 1, -5, 0));
        rejects("rate must be >= 0 events/s (0 = unlimited), got -1.0", () -> plan(v, List.of(1), 0, S, 1, S, 1, 0, -1));
        rejects("at least one variant is required", () -> plan(List.of(), List.of(1), 0, S, 1, S, 1, 0, 0));
        rejects("variant 'a' is given twice", () -> plan(List.of(A, A), List.of(1), 0, S, 1, S, 1, 0, 0));
    }

    @Test
    void aWorkloadThatFixesItsEventsPerThreadMeasuresOneIterationOfThemWithoutWarmup() {
        Variant b = new Variant("b", Map.of(), () -> null);
        RunPlan p = RunOptions.builder().warmup(2, S).measure(5, S).build().plan("memcached-set", Map.of(), 300,
                List.of(A, b), Path.of("out"));
        assertEquals(300, p.eventsPerThread());
        assertEquals(0, p.warmupIterations());
        assertEquals(1, p.measurementIterations());
        assertEquals(Defaults.EVENTS_PER_THREAD_BOUND, p.measurementTime(), "the events end the iteration, not the clock");
        assertFalse(p.untilSettled(), "a fixed amount of work is not a run until settled");
        rejects("--events limits a trial, and memcached-set runs 300 events per thread by its own options: give one", () -> RunOptions.builder().maxEvents(1000).build().plan("memcached-set",
                Map.of(), 300, List.of(A), Path.of("out")));
        assertEquals(0, RunOptions.builder().build().plan("w", Map.of(), 0, List.of(A), Path.of("out")).eventsPerThread());
    }

    @Test
    void zeroWarmupTimeWithoutWarmupIterationsIsFine() {
        assertEquals(Duration.ZERO, plan(List.of(A), List.of(1), 0, Duration.ZERO, 1, S, 1, 0, 0).warmupTime());
    }

    @Test
    void whatIsNotSetStartsAtTheOneSetOfDefaults() {
        RunPlan one = RunOptions.builder().plan("w", List.of(A), Path.of("out"));
        assertEquals(List.of(8), one.threads());
        assertEquals(1, one.warmupIterations());
        assertEquals(Duration.ofSeconds(5), one.warmupTime());
        assertEquals(4, one.measurementIterations());
        assertEquals(Duration.ofSeconds(5), one.measurementTime());
        assertEquals(Duration.ofSeconds(5), one.reportInterval());
        assertEquals(1, one.forks());
        assertEquals(ClientThreads.AUTO, one.clientThreads());
        assertTrue(!one.untilSettled(), "one variant compares nothing: a fixed fork");
        RunPlan compared = RunOptions.builder().plan("w", List.of(A, B), Path.of("out"));
        assertTrue(compared.untilSettled(), "comparisons run until settled by default");
        assertEquals(Duration.ofMinutes(6), compared.settleBudget());
        RunPlan fixed = RunOptions.builder().untilSettled(Duration.ZERO).plan("w", List.of(A, B), Path.of("out"));
        assertEquals(5, fixed.forks(), "a fixed design's comparisons rest on 5 forks");
        assertEquals(Duration.ofSeconds(5), fixed.measurementTime());
        RunPlan twoForks = RunOptions.builder().forks(2).plan("w", List.of(A, B), Path.of("out"));
        assertEquals(2, twoForks.forks());
        assertTrue(!twoForks.untilSettled(), "forks given: as many as that");
        assertTrue(!RunOptions.builder().maxEvents(1000).plan("w", List.of(A, B), Path.of("out")).untilSettled(),
                "an event limit: fixed forks");
    }

    /** A run until settled has short slices unless given: its looks come early and often (docs/statistics.md). */
    @Test
    void aRunUntilSettledHasShortSlicesUnlessGiven() {
        RunPlan settling = RunOptions.builder().untilSettled(Duration.ofMinutes(6)).plan("w", List.of(A, B), Path.of("out"));
        assertEquals(1, settling.warmupIterations());
        assertEquals(Duration.ofSeconds(2), settling.warmupTime());
        assertEquals(3, settling.measurementIterations());
        assertEquals(Duration.ofSeconds(2), settling.measurementTime());
        assertEquals(50, settling.forks(), "the budget ends it");
        RunPlan given = RunOptions.builder().untilSettled(Duration.ofMinutes(6))
                .measure(4, Duration.ofSeconds(5)).plan("w", List.of(A, B), Path.of("out"));
        assertEquals(4, given.measurementIterations());
        assertEquals(Duration.ofSeconds(5), given.measurementTime());
        assertEquals(Duration.ofSeconds(2), given.warmupTime(), "the warmup not given stays short");
        RunOptions.Builder builder = RunOptions.builder().untilSettled(Duration.ofMinutes(6));
        builder.plan("w", List.of(A, B), Path.of("out"));
        RunPlan fixed = builder.untilSettled(Duration.ZERO).plan("w", List.of(A, B), Path.of("out"));
        assertEquals(Duration.ofSeconds(Defaults.ITERATION_SECONDS), fixed.measurementTime(),
                "building leaves the builder as set: the short slices were not given");
    }

    @Test
    void rotatesVariantsByFork() {
        RunPlan p = plan(List.of(A, B), List.of(8, 1), 0, S, 1, S, 3, 0, 0);
        assertEquals(List.of(A, B), p.variantOrder(1));
        assertEquals(List.of(B, A), p.variantOrder(2));
        assertEquals(List.of(A, B), p.variantOrder(3));
        assertEquals(8, p.maxThreads());
    }
}
