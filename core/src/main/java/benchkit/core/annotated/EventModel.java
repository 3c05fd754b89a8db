package benchkit.core.annotated;

import benchkit.spi.Outcome;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * An {@code @Event} method: its weight, argument plan and unbound handle. {@link #bind} fixes the
 * receiver and arguments once per session so an event costs one {@code invokeExact}.
 */
record EventModel(String name, int weight, MethodHandle handle, Argument[] arguments, boolean returnsVoid) {
    private static final MethodHandle OK = MethodHandles.constant(Outcome.class, Outcome.OK);
    static final MethodType EVENT_TYPE = MethodType.methodType(Outcome.class);

    /** A handle of type {@code ()Outcome} that calls the method on {@code workload} with this session's arguments. */
    MethodHandle bind(Scope scope) {
        MethodHandle h = handle.bindTo(scope.workload());
        if (arguments.length > 0) {
            h = MethodHandles.insertArguments(h, 0, Argument.values(arguments, scope));
        }
        if (returnsVoid) {
            // Run the method, then answer OK.
            h = MethodHandles.foldArguments(OK, h);
        }
        return h.asType(EVENT_TYPE);
    }
}
