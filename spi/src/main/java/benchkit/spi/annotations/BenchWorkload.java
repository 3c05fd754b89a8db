package benchkit.spi.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a plain class as a workload written the JMH way: {@link Param} fields for options,
 * {@link Setup}/{@link TearDown} methods, a per-thread {@link State} class and {@link Event}
 * methods. The class must be public, have a public no-argument constructor and implement
 * {@link AnnotatedWorkload} so that {@link java.util.ServiceLoader} finds it through
 * {@code META-INF/services/benchkit.spi.annotations.AnnotatedWorkload}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface BenchWorkload {
    /** Unique name used on the command line, e.g. {@code example-orders}. */
    String name();

    /** One line for {@code bench list}. */
    String description() default "";
}
