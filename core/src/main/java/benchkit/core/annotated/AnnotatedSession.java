package benchkit.core.annotated;

import benchkit.spi.WeightedChoice;
import benchkit.core.util.EveryStep;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One thread's session: its {@code @State} instances and the {@code @Event} handles bound to them.
 * An event is one weighted draw and one {@code invokeExact}; nothing is allocated per event.
 */
final class AnnotatedSession implements Session {
    private final WorkloadModel model;
    private final Scope scope;
    private final MethodHandle[] events;
    private final String[] eventNames;
    private final WeightedChoice mix;
    private final SplittableRandom random = new SplittableRandom();
    private final Runnable onClose;
    private boolean closed;

    private AnnotatedSession(WorkloadModel model, Object workload, Scope scope, Runnable onClose) {
        this.model = model;
        this.scope = scope;
        this.onClose = onClose;
        int n = model.events().size();
        events = new MethodHandle[n];
        eventNames = new String[n];
        int[] weights = new int[n];
        for (int i = 0; i < n; i++) {
            EventModel e = model.events().get(i);
            events[i] = e.bind(scope);
            eventNames[i] = e.name();
            weights[i] = e.weight();
        }
        mix = new WeightedChoice(weights);
    }

    /** Creates the states and runs their setups; on failure the states already set up are torn down. */
    static AnnotatedSession open(WorkloadModel model, Object workload, Target target, SessionContext context,
                                 Runnable onClose) {
        Object[] states = new Object[model.states().size()];
        Scope scope = new Scope(workload, target, context, states);
        int ready = 0;
        try {
            for (; ready < states.length; ready++) {
                StateModel s = model.states().get(ready);
                states[ready] = s.create(model.name(), workload);
                for (Hook h : s.setups()) {
                    h.invoke(model.name(), states[ready], scope);
                }
            }
            return new AnnotatedSession(model, workload, scope, onClose);
        } catch (RuntimeException | Error e) {
            // The state whose setup failed gets its teardown too: it may hold half-opened resources.
            int created = Math.min(ready + 1, states.length);
            try {
                tearDown(model, scope, created);
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public Outcome execute() throws Exception {
        int i = mix.pick(random);
        scope.context().eventKind(i);
        Outcome outcome;
        try {
            outcome = (Outcome) events[i].invokeExact();
        } catch (Exception | Error e) {
            throw new UserMethodException(model.name() + ": @Event method " + eventNames[i] + " failed: "
                    + UserMethodException.describe(e), e);
        } catch (Throwable t) {
            throw new UserMethodException(model.name() + ": @Event method " + eventNames[i] + " failed: "
                    + UserMethodException.describe(t), t);
        }
        if (outcome == null) {
            throw new IllegalStateException(model.name() + ": @Event method " + eventNames[i]
                    + " returned null; return an Outcome or declare it void");
        }
        return outcome;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        // the close hook runs even when a teardown failed
        EveryStep.forEach(List.<Runnable>of(() -> tearDown(model, scope, scope.states().length), onClose), Runnable::run);
    }

    /** Runs the teardowns of the first {@code count} states, last state first; throws the first failure. */
    private static void tearDown(WorkloadModel model, Scope scope, int count) {
        List<Runnable> teardowns = new ArrayList<>();
        for (int i = count - 1; i >= 0; i--) {
            Object state = scope.states()[i];
            if (state != null) {
                model.states().get(i).teardowns().forEach(h -> teardowns.add(() -> h.invoke(model.name(), state, scope)));
            }
        }
        EveryStep.forEach(teardowns, Runnable::run);
    }
}
