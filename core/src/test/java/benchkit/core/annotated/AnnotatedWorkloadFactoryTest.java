package benchkit.core.annotated;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnnotatedWorkloadFactoryTest {
    private static final Target TARGET = Target.builder().database("shop").build();

    @BeforeEach
    void clearLogs() {
        Workloads.Lifecycle.LOG.clear();
        Workloads.FailingStateSetup.LOG.clear();
    }

    @Test
    void optionsAreTypedWithDefaultsFromInitializersOrAnnotation() {
        AnnotatedWorkloadFactory f = AnnotatedWorkloadFactory.of(Workloads.Typed.class);
        assertEquals("typed", f.name());
        assertEquals("every option type", f.description());
        Map<String, OptionSpec> specs = new HashMap<>();
        f.options().forEach(s -> specs.put(s.name(), s));
        assertEquals(List.of("table-size", "seed", "ratio", "verbose", "table", "mode", "label"),
                f.options().stream().map(OptionSpec::name).toList());
        assertEquals("100", specs.get("table-size").defaultValue());
        assertEquals("rows [int 1..1000]", specs.get("table-size").description());
        assertEquals("0.5", specs.get("ratio").defaultValue());
        assertEquals("off", specs.get("verbose").defaultValue());
        assertEquals("orders", specs.get("table").defaultValue());
        assertEquals("safe", specs.get("mode").defaultValue());
        assertEquals("[one of fast, safe]", specs.get("mode").description());
        assertEquals(null, specs.get("label").defaultValue(), "a null String field makes the option required");

        Workloads.Typed t = instance(f.create(Map.of("table_size", "250", "verbose", "on", "mode", "FAST",
                "label", "x", "seed", "-3", "ratio", "0.25")));
        assertEquals(250, t.tableSize);
        assertEquals(-3L, t.seed);
        assertEquals(0.25, t.ratio);
        assertTrue(t.verbose);
        assertEquals("orders", t.table);
        assertEquals(Workloads.Mode.FAST, t.mode);
        assertEquals("x", t.label);
    }

    @Test
    void badValuesAreRejectedWithOneLineMessages() {
        AnnotatedWorkloadFactory f = AnnotatedWorkloadFactory.of(Workloads.Typed.class);
        assertEquals("typed: --table-size=0 is not valid; expected a number from 1 to 1000",
                reject(f, Map.of("label", "x", "table-size", "0")));
        assertEquals("typed: --table-size=ten is not valid; expected a whole number",
                reject(f, Map.of("label", "x", "table-size", "ten")));
        assertEquals("typed: --mode=slow is not valid; expected one of fast, safe",
                reject(f, Map.of("label", "x", "mode", "slow")));
        assertEquals("typed: --ratio=2 is not valid; expected a number from 0.0 to 1.0",
                reject(f, Map.of("label", "x", "ratio", "2")));
        assertEquals("typed: option --label is required", reject(f, Map.of()));
        assertTrue(reject(f, Map.of("label", "x", "colour", "red")).startsWith("typed: unknown option --colour; valid:"));
    }

    @Test
    void trialSetupRunsOnceBeforeTheFirstSessionAndTeardownAfterTheLast() throws Exception {
        Workload w = AnnotatedWorkloadFactory.of(Workloads.Lifecycle.class).create(Map.of());
        TestContext c0 = new TestContext(0, 2);
        TestContext c1 = new TestContext(1, 2);
        Session s0 = w.openSession(TARGET, c0);
        Session s1 = w.openSession(TARGET, c1);
        assertEquals(Outcome.OK, s0.execute());
        assertEquals(Outcome.OK, s0.execute());
        assertEquals(Outcome.OK, s1.execute());
        assertEquals(4, c0.reads, "QueryCounter is the session's own");
        assertEquals(2, c1.reads);
        s1.close();
        assertEquals(List.of("trial-setup shop", "open 0", "open 1", "close 1 after 1"), Workloads.Lifecycle.LOG);
        s0.close();
        s0.close(); // a second close does nothing
        assertEquals(List.of("trial-setup shop", "open 0", "open 1", "close 1 after 1", "close 0 after 2",
                "trial-teardown"), Workloads.Lifecycle.LOG);

        // The next trial (another thread count) sets up again.
        w.openSession(TARGET, new TestContext(0, 1)).close();
        assertEquals(List.of("trial-setup shop", "open 0", "close 0 after 0", "trial-teardown"),
                Workloads.Lifecycle.LOG.subList(6, 10));
    }

    @Test
    void eachThreadHasItsOwnState() throws Exception {
        Workload w = AnnotatedWorkloadFactory.of(Workloads.Lifecycle.class).create(Map.of());
        int threads = 4;
        List<Session> sessions = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            sessions.add(w.openSession(TARGET, new TestContext(i, threads)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Session s : sessions) {
                done.add(pool.submit(() -> {
                    for (int k = 0; k < 5000; k++) {
                        s.execute();
                    }
                    return null;
                }));
            }
            for (Future<?> d : done) {
                d.get();
            }
        } finally {
            pool.shutdown();
        }
        for (Session s : sessions) {
            s.close();
        }
        // Unsynchronized ++ on a shared object would lose updates; each state saw exactly its own 5000.
        for (int i = 0; i < threads; i++) {
            assertTrue(Workloads.Lifecycle.LOG.contains("close " + i + " after 5000"), Workloads.Lifecycle.LOG.toString());
        }
    }

    @Test
    void statesAreDistinctPerSessionAndInnerStatesSeeOptions() throws Exception {
        Workload w = AnnotatedWorkloadFactory.of(Workloads.WithInner.class).create(Map.of("step", "5"));
        AnnotatedSession a = (AnnotatedSession) w.openSession(TARGET, new TestContext(0, 2));
        AnnotatedSession b = (AnnotatedSession) w.openSession(TARGET, new TestContext(1, 2));
        a.execute();
        a.execute();
        b.execute();
        Workloads.WithInner.Counter ca = (Workloads.WithInner.Counter) stateOf(a);
        Workloads.WithInner.Counter cb = (Workloads.WithInner.Counter) stateOf(b);
        assertNotSame(ca, cb);
        assertEquals(10, ca.value);
        assertEquals(5, cb.value);
    }

    @Test
    void eventsReceiveTargetContextAndTheWorkload() throws Exception {
        Workloads.ContextArgs.SEEN.clear();
        Workload w = AnnotatedWorkloadFactory.of(Workloads.ContextArgs.class).create(Map.of());
        w.openSession(TARGET, new TestContext(2, 3)).execute();
        assertEquals(List.of("shop 2/3 true"), Workloads.ContextArgs.SEEN);
    }

    @Test
    void eventsAreChosenInProportionToTheirWeights() throws Exception {
        Workload w = AnnotatedWorkloadFactory.of(Workloads.Mix.class).create(Map.of());
        Session s = w.openSession(TARGET, new TestContext(0, 1));
        int n = 40_000;
        Map<Outcome, Integer> outcomes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            outcomes.merge(s.execute(), 1, Integer::sum);
        }
        Workloads.Mix.Counts counts = (Workloads.Mix.Counts) stateOf((AnnotatedSession) s);
        assertEquals(n, counts.light + counts.heavy);
        // Expected share of "light" is 1/4; 4 standard deviations are about 0.009.
        double light = counts.light / (double) n;
        assertEquals(0.25, light, 0.01, "share of the weight-1 event");
        assertEquals(counts.heavy, (long) outcomes.get(Outcome.IGNORED_ERROR), "heavy returns its own Outcome");
        assertEquals(counts.light, (long) outcomes.get(Outcome.OK), "a void event is OK");
    }

    @Test
    void aFailingStateSetupNamesTheMethodAndReleasesWhatWasSetUp() {
        Workload w = AnnotatedWorkloadFactory.of(Workloads.FailingStateSetup.class).create(Map.of());
        UserMethodException e = assertThrows(UserMethodException.class, () -> w.openSession(TARGET, new TestContext(0, 1)));
        assertEquals("failing-setup: @Setup method Conn.connect failed: IllegalStateException: no route to host",
                e.getMessage());
        assertEquals(List.of("trial-setup", "state-teardown", "trial-teardown"), Workloads.FailingStateSetup.LOG);
    }

    @Test
    void aFailingEventNamesTheMethod() throws Exception {
        Session s = AnnotatedWorkloadFactory.of(Workloads.FailingEvent.class).create(Map.of())
                .openSession(TARGET, new TestContext(0, 1));
        UserMethodException e = assertThrows(UserMethodException.class, s::execute);
        assertEquals("failing-event: @Event method boom failed: IOException: disk on fire", e.getMessage());
        assertTrue(e.getCause() instanceof java.io.IOException);

        Session n = AnnotatedWorkloadFactory.of(Workloads.NullOutcome.class).create(Map.of())
                .openSession(TARGET, new TestContext(0, 1));
        IllegalStateException ne = assertThrows(IllegalStateException.class, n::execute);
        assertEquals("null-outcome: @Event method nothing returned null; return an Outcome or declare it void",
                ne.getMessage());
    }

    @Test
    void malformedClassesGetMessagesNamingClassAndMember() {
        String p = "benchkit.core.annotated.MalformedWorkloads$";
        assertEquals(p + "NoAnnotation has no @BenchWorkload annotation", malformed(MalformedWorkloads.NoAnnotation.class));
        assertEquals("workload no-events (" + p + "NoEvents) has no @Event method",
                malformed(MalformedWorkloads.NoEvents.class));
        assertEquals("workload private-event (" + p + "PrivateEvent): @Event method foo must be public (and so must its class)",
                malformed(MalformedWorkloads.PrivateEvent.class));
        assertEquals("workload static-event (" + p + "StaticEvent): @Event method foo must not be static",
                malformed(MalformedWorkloads.StaticEvent.class));
        assertEquals("workload zero-weight (" + p + "ZeroWeight): @Event method foo has weight 0; it must be at least 1",
                malformed(MalformedWorkloads.ZeroWeight.class));
        assertEquals("workload bad-return (" + p + "BadReturn): @Event method foo returns int; it must return void or Outcome",
                malformed(MalformedWorkloads.BadReturn.class));
        assertEquals("workload bad-parameter (" + p + "BadParameter): @Event method foo: parameter 1 (StringBuilder) "
                + "cannot be supplied; annotate its class with @State or use Target, SessionContext or QueryCounter",
                malformed(MalformedWorkloads.BadParameter.class));
        assertEquals("workload iteration-level (" + p + "IterationLevel): @Setup method IterationLevel.everyIteration: "
                + "Level.ITERATION is not supported (the SPI has no iteration hook); use Level.TRIAL, or a Collector "
                + "for per-iteration work", malformed(MalformedWorkloads.IterationLevel.class));
        assertEquals("workload bad-param-type (" + p + "BadParamType): @Param field thing has type Object; "
                + "supported: int, long, double, boolean, String or an enum", malformed(MalformedWorkloads.BadParamType.class));
        assertEquals("workload final-param (" + p + "FinalParam): @Param field n must be neither static nor final",
                malformed(MalformedWorkloads.FinalParam.class));
        assertEquals("workload bad-default (" + p + "BadDefault): @Param field n: its default many is not valid: "
                + "workload bad-default (" + p + "BadDefault): --n=many is not valid; expected a whole number",
                malformed(MalformedWorkloads.BadDefault.class));
        assertEquals("workload param-in-state (" + p + "ParamInState): @State class S: @Param field n belongs on the "
                + "@BenchWorkload class", malformed(MalformedWorkloads.ParamInState.class));
        assertEquals("workload session-arg-at-trial (" + p + "SessionArgAtTrial): @Setup method SessionArgAtTrial.setup: "
                + "parameter 1 (SessionContext) cannot be supplied; a trial-level method may take only a Target",
                malformed(MalformedWorkloads.SessionArgAtTrial.class));
        assertEquals("workload no-default-constructor (" + p + "NoDefaultConstructor): class NoDefaultConstructor "
                + "needs a public constructor without parameters", malformed(MalformedWorkloads.NoDefaultConstructor.class));
        assertEquals(p + "BadName: @BenchWorkload name 'two words' must be one word, e.g. my-workload",
                malformed(MalformedWorkloads.BadName.class));
    }

    private static String malformed(Class<?> type) {
        return assertThrows(MalformedWorkloadException.class, () -> AnnotatedWorkloadFactory.of(type)).getMessage();
    }

    private static String reject(AnnotatedWorkloadFactory f, Map<String, String> options) {
        return assertThrows(InvalidOptionException.class, () -> f.create(options)).getMessage();
    }

    @SuppressWarnings("unchecked")
    private static <T> T instance(Workload w) {
        return (T) ((AnnotatedWorkloadRun) w).instance();
    }

    private static Object stateOf(AnnotatedSession s) throws ReflectiveOperationException {
        var field = AnnotatedSession.class.getDeclaredField("scope");
        field.setAccessible(true);
        return ((Scope) field.get(s)).states()[0];
    }

}
