package benchkit.collectors.status;

import benchkit.testing.ThrowawayMariadb;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The status collector against a real, private mariadbd. */
class StatusCollectorTest {
    private static final IterationInfo ITERATION = new IterationInfo(1, false, 1.0);
    private static ThrowawayMariadb server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ThrowawayMariadb.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void queriesDuringIterationShowAsRates() throws Exception {
        TrialInfo trial = trial();
        Collector c = factory().create(Map.of());
        c.beforeTrial(trial);
        Map<String, Metric> m;
        // One statement that runs through the whole iteration: exactly one running thread.
        try (Connection sleeper = server.connect(); Statement sleep = sleeper.createStatement()) {
            Thread sleeping = new Thread(() -> {
                try {
                    sleep.executeQuery("SELECT SLEEP(60)").close();
                } catch (Exception cancelled) {
                    // ends when the test cancels it
                }
            });
            sleeping.start();
            awaitRunningThreads(1);
            c.beforeIteration(trial, ITERATION);
            try (Connection load = server.connect(); Statement s = load.createStatement()) {
                for (int i = 0; i < 300; i++) {
                    try (ResultSet rs = s.executeQuery("SELECT " + i)) {
                        rs.next();
                    }
                    if (i % 100 == 99) {
                        c.sample(trial, ITERATION);
                    }
                }
            }
            m = byName(c.afterIteration(trial, ITERATION));
            sleep.cancel();
            sleeping.join(10_000);
        }
        c.afterTrial(trial);

        assertTrue(m.get("status.Questions").value() > 0, m::toString);
        assertEquals("ops/s", m.get("status.Questions").unit());
        assertTrue(m.get("status.Com_select").value() > 0, m::toString);
        // 300 SELECTs in the iteration: Com_select per second times the elapsed time is about 300.
        assertTrue(m.get("status.Questions").value() >= m.get("status.Com_select").value(), m::toString);
        assertEquals(0.0, m.get("status.Com_insert").value(), m::toString);
        // The SLEEP runs in every sample; our own SHOW is left out. The load connection may still
        // count as running just after its last SELECT returned, so allow up to (not including) 2.
        double running = m.get("status.Threads_running").value();
        assertTrue(running >= 1 && running < 2, m::toString);
        assertEquals("count", m.get("status.Threads_running").unit());
        for (String name : StatusCollectorFactory.DEFAULT_COUNTERS.split(",")) {
            assertTrue(m.containsKey("status." + name), () -> name + " missing from " + m);
        }
    }

    @Test
    void idleServerShowsNoQuestionsOnceOwnReadsAreSubtracted() throws Exception {
        TrialInfo trial = trial();
        Collector c = factory().create(Map.of("counters", "questions,Threads_running"));
        c.beforeTrial(trial);
        Thread.sleep(300); // let connections of earlier tests finish closing
        c.beforeIteration(trial, ITERATION);
        Thread.sleep(300);
        c.sample(trial, ITERATION);
        Thread.sleep(300);
        c.sample(trial, ITERATION);
        Map<String, Metric> m = byName(c.afterIteration(trial, ITERATION));
        c.afterTrial(trial);
        assertEquals(0.0, m.get("status.Questions").value(), m::toString); // server's spelling
        assertEquals(0.0, m.get("status.Threads_running").value(), m::toString);
    }

    @Test
    void unknownCounterFailsClearlyAtBeforeTrial() {
        Collector c = factory().create(Map.of("counters", "Questions,No_such_counter"));
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> c.beforeTrial(trial()));
        assertTrue(e.getMessage().startsWith("status collector: unknown status counter No_such_counter"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertFalse(e.getMessage().contains(server.root().password()), e.getMessage());
    }

    @Test
    void unreachableServerFailsWithoutThePassword() throws Exception {
        int closedPort;
        try (var s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        TrialInfo trial = new TrialInfo("w", "v", 1, 1,
                server.root().toBuilder().port(closedPort).build(), OptionalLong.empty());
        Collector c = factory().create(Map.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.beforeTrial(trial));
        assertTrue(e.getMessage().startsWith("status collector: cannot connect to 127.0.0.1:" + closedPort),
                e.getMessage());
        assertFalse(e.getMessage().contains(server.root().password()), e.getMessage());
    }

    /**
     * A target reached by its socket only (the user gave --mysql-socket alone) has its counters read there, not at
     * the host and port it defaults to (the outside sweep's #41: 127.0.0.1:3306, whatever server listened there), and
     * a socket that does not answer is named in the failure.
     */
    @Test
    void aSocketOnlyTargetIsReadOverItsSocket() throws Exception {
        int closedPort;
        try (var s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        benchkit.spi.Target socketOnly = server.root().toBuilder().port(closedPort)
                .transport(benchkit.spi.Target.Transport.SOCKET).build();
        TrialInfo trial = new TrialInfo("w", "v", 1, 1, socketOnly, OptionalLong.empty());
        Collector c = factory().create(Map.of());
        c.beforeTrial(trial);
        c.beforeIteration(trial, ITERATION);
        assertTrue(byName(c.afterIteration(trial, ITERATION)).containsKey("status.Questions"));
        c.afterTrial(trial);

        TrialInfo gone = new TrialInfo("w", "v", 1, 1, socketOnly.toBuilder().socket("/nonexistent/mysqld.sock").build(),
                OptionalLong.empty());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> factory().create(Map.of()).beforeTrial(gone));
        assertTrue(e.getMessage().startsWith("status collector: cannot connect to socket /nonexistent/mysqld.sock as root"),
                e.getMessage());
    }

    @Test
    void badOptionsFailAtCreate() {
        CollectorFactory f = factory();
        assertThrows(InvalidOptionException.class, () -> f.create(Map.of("counters", " , ")));
        assertThrows(InvalidOptionException.class, () -> f.create(Map.of("counters", "Questions;DROP")));
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> f.create(Map.of("interval", "1")));
        assertTrue(e.getMessage().contains("--interval"), e.getMessage());
    }

    /** Waits until {@code n} client statements run (besides the one asking). */
    private static void awaitRunningThreads(int n) throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            for (int i = 0; i < 100; i++) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) - 1 FROM information_schema.PROCESSLIST"
                        + " WHERE COMMAND = 'Query'")) {
                    rs.next();
                    if (rs.getInt(1) >= n) {
                        return;
                    }
                }
                Thread.sleep(50);
            }
        }
        throw new AssertionError(n + " running statements expected");
    }

    private static TrialInfo trial() {
        return new TrialInfo("w", "v", 1, 1, server.root(), OptionalLong.empty());
    }

    private static CollectorFactory factory() {
        CollectorFactory f = ServiceLoader.load(CollectorFactory.class).stream().map(ServiceLoader.Provider::get)
                .filter(x -> x.name().equals("status")).findFirst().orElseThrow();
        assertFalse(f.enabledByDefault());
        return f;
    }

    private static Map<String, Metric> byName(java.util.Collection<Metric> metrics) {
        return metrics.stream().collect(Collectors.toMap(Metric::name, Function.identity()));
    }
}
