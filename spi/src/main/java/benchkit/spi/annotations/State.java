package benchkit.spi.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Per-thread state (JMH's {@code Scope.Thread}): one instance per session, created when the
 * session opens, handed to the {@link Event} methods that declare it as a parameter, and used by
 * that session's thread only. Typical content: a connection and its prepared statements. The class
 * must be public with a public no-argument constructor; a public inner (non-static) class of the
 * {@link BenchWorkload} class is also accepted and sees the workload's fields.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface State {
}
