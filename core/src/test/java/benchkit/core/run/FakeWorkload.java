package benchkit.core.run;

import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Aggregation;
import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import benchkit.spi.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectableChannel;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-memory workload whose behaviour follows the iteration the runner is in (told by
 * {@link PhaseCollector}): each event takes {@code eventMicros}, counts one read and one write,
 * and returns {@code outcome.apply(phase)}. Public for other modules' tests of a run (core's test-jar).
 */
public final class FakeWorkload implements Workload {
    public interface Behaviour {
        Outcome execute(IterationInfo phase) throws Exception;
    }

    final AtomicReference<IterationInfo> phase = new AtomicReference<>();
    /** The trial whose iteration runs now (variants' slices take turns, so one at a time). */
    final AtomicReference<TrialInfo> trial = new AtomicReference<>();
    final AtomicInteger prepared = new AtomicInteger();
    final AtomicInteger openSessions = new AtomicInteger();
    volatile int prepareThreads;
    private final long eventMicros;
    private final Behaviour behaviour;
    /** Sessions are {@link PolledSession}s over a pipe, whose other end answers every request at once. */
    private final boolean polled;

    public FakeWorkload(long eventMicros, Behaviour behaviour) {
        this(eventMicros, behaviour, false);
    }

    private FakeWorkload(long eventMicros, Behaviour behaviour, boolean polled) {
        this.eventMicros = eventMicros;
        this.behaviour = behaviour;
        this.polled = polled;
    }

    /** A workload whose sessions can be polled (for --client-threads loop); events take no time. */
    static FakeWorkload polled(Behaviour behaviour) {
        return new FakeWorkload(0, behaviour, true);
    }

    static FakeWorkload alwaysOk(long eventMicros) {
        return new FakeWorkload(eventMicros, p -> Outcome.OK);
    }

    @Override
    public boolean isPrepared(Target target) {
        return prepared.get() > 0;
    }

    /** What its prepare does after counting itself, e.g. fail as a lost connection does; nothing by default. */
    volatile java.util.concurrent.Callable<Void> prepareStep = () -> null;

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        prepareThreads = context.threads();
        prepared.incrementAndGet();
        prepareStep.call();
    }

    @Override
    public Session openSession(Target target, SessionContext context) throws IOException {
        openSessions.incrementAndGet();
        if (polled) {
            return new PipeSession(context);
        }
        return new Session() {
            @Override
            public Outcome execute() throws Exception {
                if (eventMicros > 0) {
                    LockSupport.parkNanos(eventMicros * 1000);
                }
                context.queries().reads(1);
                context.queries().writes(1);
                return behaviour.execute(phase.get());
            }

            @Override
            public void close() {
                openSessions.decrementAndGet();
            }
        };
    }

    /** A session whose "server" is a pipe: a request is one byte written into it, the reply that byte read back. */
    private final class PipeSession implements PolledSession {
        private final SessionContext context;
        private final Pipe pipe = Pipe.open();
        private final ByteBuffer one = ByteBuffer.allocate(1);

        PipeSession(SessionContext context) throws IOException {
            this.context = context;
            pipe.source().configureBlocking(false);
        }

        @Override
        public SelectableChannel channel() {
            return pipe.source();
        }

        @Override
        public Outcome begin() throws IOException {
            one.clear();
            pipe.sink().write(one);
            return null;
        }

        @Override
        public Outcome resume() throws Exception {
            one.clear();
            if (pipe.source().read(one) == 0) {
                return null;
            }
            context.queries().reads(1);
            context.queries().writes(1);
            return behaviour.execute(phase.get());
        }

        @Override
        public Outcome execute() throws Exception {
            Outcome o = begin();
            while (o == null) {
                o = resume();
            }
            return o;
        }

        @Override
        public void close() throws IOException {
            openSessions.decrementAndGet();
            pipe.source().close();
            pipe.sink().close();
        }
    }

    /** Tells the workload which iteration runs, and reports a metric per iteration like a real collector. */
    public Collector phaseCollector() {
        return new Collector() {
            @Override
            public String name() {
                return "phase";
            }

            @Override
            public void beforeIteration(TrialInfo trial, IterationInfo iteration) {
                FakeWorkload.this.trial.set(trial);
                phase.set(iteration);
            }

            @Override
            public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) {
                return List.of(new Metric("server.rss", 100 + iteration.index(), "MB", Aggregation.MAX),
                        new Metric("server.cpu.user", 50, "%", Aggregation.AVG));
            }
        };
    }
}
