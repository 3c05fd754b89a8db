package benchkit.core.annotated;

import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;

/**
 * A {@link WorkloadFactory} made from a class annotated with
 * {@link benchkit.spi.annotations.BenchWorkload}: its {@code @Param} fields are the options, and
 * each {@link #create} makes a new instance of the class, sets the fields and wraps it as a
 * {@link Workload}.
 */
public final class AnnotatedWorkloadFactory implements WorkloadFactory {
    private final WorkloadModel model;
    private final List<OptionSpec> options;

    private AnnotatedWorkloadFactory(WorkloadModel model) {
        this.model = model;
        this.options = model.params().stream().map(ParamBinding::spec).toList();
    }

    /**
     * Reads and checks {@code type}.
     *
     * @throws MalformedWorkloadException when the class breaks a rule; the message names the class and member
     */
    public static AnnotatedWorkloadFactory of(Class<?> type) {
        return new AnnotatedWorkloadFactory(WorkloadModel.read(type));
    }

    /** The annotated class. */
    public Class<?> type() {
        return model.type();
    }

    @Override
    public String name() {
        return model.name();
    }

    @Override
    public String description() {
        return model.description();
    }

    @Override
    public List<OptionSpec> options() {
        return options;
    }

    /** @throws benchkit.spi.InvalidOptionException for unknown options or bad values */
    @Override
    public Workload create(Map<String, String> given) {
        OptionValues values = OptionValues.parse(model.name(), options, given);
        Object[] parsed = new Object[model.params().size()];
        for (int i = 0; i < parsed.length; i++) {
            parsed[i] = model.params().get(i).parse(values);
        }
        Object instance;
        try {
            instance = model.constructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new UserMethodException(model.name() + ": the constructor of " + model.type().getSimpleName()
                    + " failed: " + UserMethodException.describe(e.getCause()), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new UserMethodException(model.name() + ": cannot create " + model.type().getSimpleName() + ": "
                    + UserMethodException.describe(e), e);
        }
        for (int i = 0; i < parsed.length; i++) {
            model.params().get(i).set(instance, parsed[i]);
        }
        return new AnnotatedWorkloadRun(model, instance);
    }

    @Override
    public String toString() {
        return "workload " + model.name() + " (" + model.type().getName() + ")";
    }
}
