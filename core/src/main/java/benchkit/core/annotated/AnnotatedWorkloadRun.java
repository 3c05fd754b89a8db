package benchkit.core.annotated;

import benchkit.core.util.EveryStep;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

/**
 * One configured annotated workload. The workload class's trial-level {@code @Setup} methods run
 * when the first session of a trial opens, its {@code @TearDown} methods when the last one closes
 * (the runner opens all sessions of a trial before it starts them and closes them all after).
 * {@code isPrepared}, {@code prepare} and {@code cleanup} keep the SPI defaults: the data belongs to the
 * trial setup.
 */
final class AnnotatedWorkloadRun implements Workload {
    private final WorkloadModel model;
    private final Object instance;
    private final Object trialLock = new Object();
    private int openSessions;
    private Target trialTarget;

    AnnotatedWorkloadRun(WorkloadModel model, Object instance) {
        this.model = model;
        this.instance = instance;
    }

    Class<?> userClass() {
        return instance.getClass();
    }

    /**
     * With more than one {@code @Event} method, each is a kind of its own (its throughput and latency in the results),
     * named as the method; a method name a metric cannot hold (not ASCII) leaves the totals only.
     */
    @Override
    public java.util.List<String> eventKinds() {
        java.util.List<String> names = model.events().stream().map(EventModel::name).toList();
        return names.size() < 2 || !names.stream().allMatch(n -> n.matches("[A-Za-z0-9_-]{1,40}")) ? java.util.List.of() : names;
    }

    @Override
    public Session openSession(Target target, SessionContext context) {
        enterTrial(target);
        try {
            return AnnotatedSession.open(model, instance, target, context, this::leaveTrial);
        } catch (RuntimeException | Error e) {
            try {
                leaveTrial();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Runs the trial setup when this is the trial's first session. */
    private void enterTrial(Target target) {
        synchronized (trialLock) {
            if (openSessions == 0) {
                Scope scope = new Scope(instance, target, null, null);
                for (Hook h : model.setups()) {
                    h.invoke(model.name(), instance, scope);
                }
                trialTarget = target;
            }
            openSessions++;
        }
    }

    /** Runs the trial teardown when the trial's last session has closed. */
    private void leaveTrial() {
        synchronized (trialLock) {
            if (--openSessions > 0) {
                return;
            }
            Scope scope = new Scope(instance, trialTarget, null, null);
            trialTarget = null;
            EveryStep.forEach(model.teardowns(), h -> h.invoke(model.name(), instance, scope));
        }
    }

    /** The user's instance, for tests. */
    Object instance() {
        return instance;
    }

    @Override
    public String toString() {
        return "workload " + model.name() + " (" + model.type().getName() + ")";
    }
}
