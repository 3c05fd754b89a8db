package benchkit.spi.annotations;

/**
 * The service type under which annotated workload classes are listed
 * ({@code META-INF/services/benchkit.spi.annotations.AnnotatedWorkload}). It has no methods:
 * benchkit reads the class's annotations and never calls anything on this interface.
 */
public interface AnnotatedWorkload {
}
