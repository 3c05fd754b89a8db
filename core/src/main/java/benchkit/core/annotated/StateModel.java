package benchkit.core.annotated;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;

/** A {@code @State} class: how to create one per session and its setup and teardown hooks. */
record StateModel(Class<?> type, Constructor<?> constructor, boolean inner, List<Hook> setups, List<Hook> teardowns) {
    Object create(String workload, Object workloadInstance) {
        try {
            return inner ? constructor.newInstance(workloadInstance) : constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw new UserMethodException(workload + ": the constructor of @State class " + type.getSimpleName()
                    + " failed: " + UserMethodException.describe(e.getCause()), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new UserMethodException(workload + ": cannot create @State class " + type.getSimpleName() + ": "
                    + UserMethodException.describe(e), e);
        }
    }
}
