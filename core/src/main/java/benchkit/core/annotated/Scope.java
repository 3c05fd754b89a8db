package benchkit.core.annotated;

import benchkit.spi.SessionContext;
import benchkit.spi.Target;

/**
 * What a user method's parameters can be filled from. {@code context} and {@code states} are
 * null at trial level, where no session exists.
 */
record Scope(Object workload, Target target, SessionContext context, Object[] states) {
}
