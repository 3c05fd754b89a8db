package benchkit.spi.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An option of the workload, set on a non-static, non-final field of the {@link BenchWorkload}
 * class before any other method runs. Field types: {@code int}, {@code long}, {@code double},
 * {@code boolean}, {@code String} or an enum. The option is named after the field in kebab case
 * ({@code tableSize} becomes {@code --table-size}) unless {@link #name()} says otherwise.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Param {
    /** Marks "no explicit default": the field's initializer is the default. */
    String FIELD_INITIALIZER = "__benchkit_field_initializer__";

    /** Option name; empty means the field name in kebab case. */
    String name() default "";

    /**
     * Default value as the user would type it; when absent the field's initializer is used, and a
     * {@code String} or enum field left {@code null} makes the option required.
     */
    String defaultValue() default FIELD_INITIALIZER;

    /** One line for {@code bench list}. */
    String description() default "";

    /** Smallest value accepted by an {@code int}, {@code long} or {@code double} option. */
    long min() default Long.MIN_VALUE;

    /** Largest value accepted by an {@code int}, {@code long} or {@code double} option. */
    long max() default Long.MAX_VALUE;
}
