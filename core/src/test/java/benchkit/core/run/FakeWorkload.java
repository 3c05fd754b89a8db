package benchkit.core.run;

import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Aggregation;
import benchkit.spi.Outcome;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import benchkit.spi.Workload;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-memory workload whose behaviour follows the iteration the runner is in (told by
 * {@link PhaseCollector}): each event takes {@code eventMicros}, counts one read and one write,
 * and returns {@code outcome.apply(phase)}.
 */
final class FakeWorkload implements Workload {
    interface Behaviour {
        Outcome execute(IterationInfo phase) throws Exception;
    }

    final AtomicReference<IterationInfo> phase = new AtomicReference<>();
    final AtomicInteger prepared = new AtomicInteger();
    final AtomicInteger openSessions = new AtomicInteger();
    volatile int prepareThreads;
    private final long eventMicros;
    private final Behaviour behaviour;

    FakeWorkload(long eventMicros, Behaviour behaviour) {
        this.eventMicros = eventMicros;
        this.behaviour = behaviour;
    }

    static FakeWorkload alwaysOk(long eventMicros) {
        return new FakeWorkload(eventMicros, p -> Outcome.OK);
    }

    @Override
    public boolean isPrepared(Target target) {
        return prepared.get() > 0;
    }

    @Override
    public void prepare(Target target, PrepareContext context) {
        prepareThreads = context.threads();
        prepared.incrementAndGet();
    }

    @Override
    public Session openSession(Target target, SessionContext context) {
        openSessions.incrementAndGet();
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

    /** Tells the workload which iteration runs, and reports a metric per iteration like a real collector. */
    Collector phaseCollector() {
        return new Collector() {
            @Override
            public String name() {
                return "phase";
            }

            @Override
            public void beforeIteration(TrialInfo trial, IterationInfo iteration) {
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
