package benchkit.spi.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One kind of event (e.g. a transaction), timed by the runner. With several event methods each
 * event is chosen at random in proportion to its {@link #weight()}. The method must be public and
 * not static, return {@code void} (the event succeeded) or {@code benchkit.spi.Outcome}, and may
 * declare parameters of {@link State} classes, {@code benchkit.spi.Target},
 * {@code benchkit.spi.SessionContext} and {@code benchkit.spi.QueryCounter}. It runs concurrently
 * on the shared workload instance, so keep per-thread data in a {@link State}. Throwing ends the run.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Event {
    /** Relative frequency among the workload's events; at least 1. */
    int weight() default 1;
}
