package benchkit.core.annotated;

import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.annotations.AnnotatedWorkload;
import benchkit.spi.annotations.BenchWorkload;
import benchkit.spi.annotations.Event;
import benchkit.spi.annotations.Param;
import benchkit.spi.annotations.Setup;
import benchkit.spi.annotations.State;
import benchkit.spi.annotations.TearDown;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Small annotated workloads the adapter tests run. */
public final class Workloads {
    private Workloads() {
    }

    public enum Mode { FAST, SAFE }

    @BenchWorkload(name = "typed", description = "every option type")
    public static class Typed implements AnnotatedWorkload {
        @Param(description = "rows", min = 1, max = 1000)
        public int tableSize = 100;
        @Param
        public long seed = 7;
        @Param(min = 0, max = 1)
        public double ratio = 0.5;
        @Param
        public boolean verbose;
        @Param(defaultValue = "orders")
        public String table;
        @Param
        public Mode mode = Mode.SAFE;
        @Param(name = "Label", description = "required text")
        public String label;

        @Event
        public void noop() {
        }
    }

    /** Records every call so tests can check the order. */
    @BenchWorkload(name = "lifecycle")
    public static class Lifecycle implements AnnotatedWorkload {
        public static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

        @Setup
        public void createTable(Target target) {
            LOG.add("trial-setup " + target.database());
        }

        @TearDown
        public void dropTable() {
            LOG.add("trial-teardown");
        }

        @State
        public static class Conn {
            int thread;
            int events;

            @Setup
            public void open(SessionContext context, Lifecycle workload) {
                thread = context.thread();
                LOG.add("open " + thread);
            }

            @TearDown
            public void close() {
                LOG.add("close " + thread + " after " + events);
            }
        }

        @Event
        public Outcome work(Conn conn, QueryCounter queries) {
            conn.events++;
            queries.reads(2);
            return Outcome.OK;
        }
    }

    @BenchWorkload(name = "mix")
    public static class Mix implements AnnotatedWorkload {
        @State
        public static class Counts {
            public long light;
            public long heavy;
        }

        @Event(weight = 1)
        public void light(Counts c) {
            c.light++;
        }

        @Event(weight = 3)
        public Outcome heavy(Counts c) {
            c.heavy++;
            return Outcome.IGNORED_ERROR;
        }
    }

    /** An inner state class sees the workload's options. */
    @BenchWorkload(name = "inner")
    public static class WithInner implements AnnotatedWorkload {
        @Param
        public int step = 1;

        @State
        public class Counter {
            public long value;

            public void add() {
                value += step;
            }
        }

        @Event
        public void tick(Counter c) {
            c.add();
        }
    }

    /** Events may take the target and the session context directly. */
    @BenchWorkload(name = "context")
    public static class ContextArgs implements AnnotatedWorkload {
        public static final List<String> SEEN = Collections.synchronizedList(new ArrayList<>());

        @Event
        public void see(Target target, SessionContext context, ContextArgs self) {
            SEEN.add(target.database() + " " + context.thread() + "/" + context.threads() + " " + (self == this));
        }
    }

    @BenchWorkload(name = "failing-setup")
    public static class FailingStateSetup implements AnnotatedWorkload {
        public static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

        @Setup
        public void trial() {
            LOG.add("trial-setup");
        }

        @TearDown
        public void trialDown() {
            LOG.add("trial-teardown");
        }

        @State
        public static class Conn {
            @Setup
            public void connect() {
                throw new IllegalStateException("no route to host");
            }

            @TearDown
            public void disconnect() {
                LOG.add("state-teardown");
            }
        }

        @Event
        public void work(Conn c) {
        }
    }

    @BenchWorkload(name = "failing-event")
    public static class FailingEvent implements AnnotatedWorkload {
        @Event
        public void boom() throws java.io.IOException {
            throw new java.io.IOException("disk on fire");
        }
    }

    @BenchWorkload(name = "null-outcome")
    public static class NullOutcome implements AnnotatedWorkload {
        @Event
        public Outcome nothing() {
            return null;
        }
    }
}
