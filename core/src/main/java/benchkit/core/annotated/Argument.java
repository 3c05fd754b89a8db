package benchkit.core.annotated;

import benchkit.spi.QueryCounter;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;

/** Where one parameter of a user method comes from. */
record Argument(Kind kind, int stateIndex) {
    enum Kind { WORKLOAD, TARGET, SESSION_CONTEXT, QUERY_COUNTER, STATE }

    static final Argument WORKLOAD = new Argument(Kind.WORKLOAD, -1);
    static final Argument TARGET = new Argument(Kind.TARGET, -1);
    static final Argument SESSION_CONTEXT = new Argument(Kind.SESSION_CONTEXT, -1);
    static final Argument QUERY_COUNTER = new Argument(Kind.QUERY_COUNTER, -1);

    static Argument state(int index) {
        return new Argument(Kind.STATE, index);
    }

    /** The argument for a parameter of {@code type} that needs no state, or null. */
    static Argument contextual(Class<?> type, Class<?> workloadClass) {
        if (type == Target.class) {
            return TARGET;
        }
        if (type == SessionContext.class) {
            return SESSION_CONTEXT;
        }
        if (type == QueryCounter.class) {
            return QUERY_COUNTER;
        }
        if (type == workloadClass) {
            return WORKLOAD;
        }
        return null;
    }

    Object value(Scope scope) {
        return switch (kind) {
            case WORKLOAD -> scope.workload();
            case TARGET -> scope.target();
            case SESSION_CONTEXT -> scope.context();
            case QUERY_COUNTER -> scope.context().queries();
            case STATE -> scope.states()[stateIndex];
        };
    }

    static Object[] values(Argument[] arguments, Scope scope) {
        Object[] values = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            values[i] = arguments[i].value(scope);
        }
        return values;
    }
}
