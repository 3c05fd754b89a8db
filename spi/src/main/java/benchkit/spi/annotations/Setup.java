package benchkit.spi.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Prepares state: on the {@link BenchWorkload} class before a trial's sessions open, on a {@link State}
 * class when its session opens.
 * The method must be public and not static. Parameters it may declare: {@code benchkit.spi.Target};
 * on a {@link State} class also {@code benchkit.spi.SessionContext}, {@code benchkit.spi.QueryCounter}
 * and the {@link BenchWorkload} class. Several such methods of one class run in name order.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Setup {
    Level value() default Level.TRIAL;
}
