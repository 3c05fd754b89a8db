package benchkit.core.annotated;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** A {@code @Setup} or {@code @TearDown} method with the plan for its arguments. Not on the hot path. */
record Hook(String annotation, Method method, Argument[] arguments) {
    /**
     * Calls the method on {@code receiver}; its failure becomes an exception whose one-line message
     * names the workload, the annotation and the method.
     */
    void invoke(String workload, Object receiver, Scope scope) {
        try {
            method.invoke(receiver, Argument.values(arguments, scope));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new UserMethodException(workload + ": @" + annotation + " method " + where() + " failed: "
                    + UserMethodException.describe(cause), cause);
        } catch (IllegalAccessException e) {
            throw new UserMethodException(workload + ": @" + annotation + " method " + where() + " is not accessible: "
                    + e.getMessage(), e);
        }
    }

    String where() {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }
}
