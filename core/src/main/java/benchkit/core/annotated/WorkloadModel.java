package benchkit.core.annotated;

import benchkit.spi.Outcome;
import benchkit.spi.annotations.BenchWorkload;
import benchkit.spi.annotations.Event;
import benchkit.spi.annotations.Level;
import benchkit.spi.annotations.Param;
import benchkit.spi.annotations.Setup;
import benchkit.spi.annotations.State;
import benchkit.spi.annotations.TearDown;

import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What an annotated workload class declares, read and checked once. Every rule broken gives a
 * {@link MalformedWorkloadException} naming the class and the member.
 */
record WorkloadModel(Class<?> type, String name, String description, Constructor<?> constructor,
                     List<ParamBinding> params, List<Hook> setups, List<Hook> teardowns,
                     List<StateModel> states, List<EventModel> events) {

    static WorkloadModel read(Class<?> type) {
        BenchWorkload bench = type.getAnnotation(BenchWorkload.class);
        if (bench == null) {
            throw new MalformedWorkloadException(type.getName() + " has no @BenchWorkload annotation");
        }
        String name = bench.name().strip();
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new MalformedWorkloadException(type.getName() + ": @BenchWorkload name '" + bench.name()
                    + "' must be one word, e.g. my-workload");
        }
        String who = "workload " + name + " (" + type.getName() + ")";
        Constructor<?> constructor = publicConstructor(who, type, false);
        Object prototype = newPrototype(who, constructor);

        List<ParamBinding> params = new ArrayList<>();
        Set<String> optionNames = new HashSet<>();
        for (Field f : fields(type)) {
            if (f.isAnnotationPresent(Param.class)) {
                ParamBinding p = ParamBinding.of(who, f, prototype);
                if (!optionNames.add(p.spec().name())) {
                    throw new MalformedWorkloadException(who + ": two @Param fields are named --" + p.spec().name());
                }
                params.add(p);
            }
        }

        List<Hook> setups = hooks(who, type, Setup.class, type, false);
        List<Hook> teardowns = hooks(who, type, TearDown.class, type, false);

        List<Class<?>> stateTypes = new ArrayList<>();
        List<EventModel> events = new ArrayList<>();
        for (Method m : methods(type)) {
            Event event = m.getAnnotation(Event.class);
            if (event != null) {
                events.add(event(who, type, m, event, stateTypes));
            }
        }
        if (events.isEmpty()) {
            throw new MalformedWorkloadException(who + " has no @Event method");
        }
        List<StateModel> states = new ArrayList<>();
        for (Class<?> s : stateTypes) {
            states.add(state(who, type, s));
        }
        String description = bench.description().isBlank() ? "annotated workload " + type.getSimpleName()
                : bench.description();
        return new WorkloadModel(type, name, description, constructor, List.copyOf(params), setups, teardowns,
                List.copyOf(states), List.copyOf(events));
    }

    private static EventModel event(String who, Class<?> type, Method m, Event event, List<Class<?>> stateTypes) {
        String where = who + ": @Event method " + m.getName();
        checkInstanceMethod(where, m);
        if (event.weight() < 1) {
            throw new MalformedWorkloadException(where + " has weight " + event.weight() + "; it must be at least 1");
        }
        boolean returnsVoid = m.getReturnType() == void.class;
        if (!returnsVoid && m.getReturnType() != Outcome.class) {
            throw new MalformedWorkloadException(where + " returns " + m.getReturnType().getSimpleName()
                    + "; it must return void or Outcome");
        }
        Class<?>[] types = m.getParameterTypes();
        Argument[] arguments = new Argument[types.length];
        for (int i = 0; i < types.length; i++) {
            Argument a = Argument.contextual(types[i], type);
            if (a == null) {
                if (!types[i].isAnnotationPresent(State.class)) {
                    throw new MalformedWorkloadException(where + ": parameter " + (i + 1) + " ("
                            + types[i].getSimpleName() + ") cannot be supplied; annotate its class with @State "
                            + "or use Target, SessionContext or QueryCounter");
                }
                int index = stateTypes.indexOf(types[i]);
                if (index < 0) {
                    stateTypes.add(types[i]);
                    index = stateTypes.size() - 1;
                }
                a = Argument.state(index);
            }
            arguments[i] = a;
        }
        MethodHandle handle;
        try {
            handle = MethodHandles.publicLookup().unreflect(m);
        } catch (IllegalAccessException e) {
            throw new MalformedWorkloadException(where + " is not accessible: " + e.getMessage());
        }
        return new EventModel(m.getName(), event.weight(), handle, arguments, returnsVoid);
    }

    private static StateModel state(String who, Class<?> workload, Class<?> s) {
        String where = who + ": @State class " + s.getSimpleName();
        if (!Modifier.isPublic(s.getModifiers())) {
            throw new MalformedWorkloadException(where + " must be public");
        }
        if (Modifier.isAbstract(s.getModifiers())) {
            throw new MalformedWorkloadException(where + " must not be abstract");
        }
        boolean inner = s.isMemberClass() && !Modifier.isStatic(s.getModifiers());
        if (inner && s.getEnclosingClass() != workload) {
            throw new MalformedWorkloadException(where + " is an inner class of another class; make it static");
        }
        for (Field f : fields(s)) {
            if (f.isAnnotationPresent(Param.class)) {
                throw new MalformedWorkloadException(where + ": @Param field " + f.getName()
                        + " belongs on the @BenchWorkload class");
            }
        }
        Constructor<?> constructor = publicConstructor(where, s, inner);
        return new StateModel(s, constructor, inner, hooks(who, s, Setup.class, workload, true),
                hooks(who, s, TearDown.class, workload, true));
    }

    /** The {@code @Setup} or {@code @TearDown} methods of {@code owner}, in name order. */
    private static List<Hook> hooks(String who, Class<?> owner, Class<? extends Annotation> kind, Class<?> workload,
                                    boolean perSession) {
        List<Hook> hooks = new ArrayList<>();
        for (Method m : methods(owner)) {
            Annotation a = m.getAnnotation(kind);
            if (a == null) {
                continue;
            }
            String where = who + ": @" + kind.getSimpleName() + " method " + owner.getSimpleName() + "." + m.getName();
            checkInstanceMethod(where, m);
            Level level = a instanceof Setup s ? s.value() : ((TearDown) a).value();
            if (level != Level.TRIAL) {
                throw new MalformedWorkloadException(where + ": Level." + level + " is not supported (the SPI has no "
                        + "iteration hook); use Level.TRIAL, or a Collector for per-iteration work");
            }
            Class<?>[] types = m.getParameterTypes();
            Argument[] arguments = new Argument[types.length];
            for (int i = 0; i < types.length; i++) {
                Argument arg = Argument.contextual(types[i], workload);
                boolean allowed = arg != null && (perSession || arg == Argument.TARGET);
                if (!allowed) {
                    throw new MalformedWorkloadException(where + ": parameter " + (i + 1) + " ("
                            + types[i].getSimpleName() + ") cannot be supplied; "
                            + (perSession ? "use Target, SessionContext, QueryCounter or " + workload.getSimpleName()
                            : "a trial-level method may take only a Target"));
                }
                arguments[i] = arg;
            }
            hooks.add(new Hook(kind.getSimpleName(), m, arguments));
        }
        return List.copyOf(hooks);
    }

    private static void checkInstanceMethod(String where, Method m) {
        if (!Modifier.isPublic(m.getModifiers()) || !Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
            throw new MalformedWorkloadException(where + " must be public (and so must its class)");
        }
        if (Modifier.isStatic(m.getModifiers())) {
            throw new MalformedWorkloadException(where + " must not be static");
        }
    }

    private static Constructor<?> publicConstructor(String who, Class<?> type, boolean inner) {
        if (!Modifier.isPublic(type.getModifiers())) {
            throw new MalformedWorkloadException(who + ": class " + type.getSimpleName() + " must be public");
        }
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new MalformedWorkloadException(who + ": class " + type.getSimpleName() + " must not be abstract");
        }
        if (type.isMemberClass() && !inner && !Modifier.isStatic(type.getModifiers())) {
            throw new MalformedWorkloadException(who + ": nested class " + type.getSimpleName() + " must be static");
        }
        try {
            return inner ? type.getConstructor(type.getEnclosingClass()) : type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new MalformedWorkloadException(who + ": class " + type.getSimpleName()
                    + " needs a public constructor without parameters");
        }
    }

    private static Object newPrototype(String who, Constructor<?> constructor) {
        try {
            return constructor.newInstance();
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new MalformedWorkloadException(who + ": its constructor failed: "
                    + UserMethodException.describe(e.getCause()));
        } catch (ReflectiveOperationException e) {
            throw new MalformedWorkloadException(who + ": cannot create it: " + UserMethodException.describe(e));
        }
    }

    /** Declared methods of the class and its superclasses, superclasses first, each class in name order. */
    private static List<Method> methods(Class<?> type) {
        List<Method> all = new ArrayList<>();
        for (Class<?> c : hierarchy(type)) {
            Method[] declared = c.getDeclaredMethods();
            java.util.Arrays.sort(declared, Comparator.comparing(Method::getName));
            for (Method m : declared) {
                if (!m.isSynthetic() && !m.isBridge() && !overridden(m, type)) {
                    all.add(m);
                }
            }
        }
        return all;
    }

    /** Whether a subclass of m's class (up to {@code type}) redeclares m; then only the override counts. */
    private static boolean overridden(Method m, Class<?> type) {
        for (Class<?> c = type; c != null && c != m.getDeclaringClass(); c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(m.getName(), m.getParameterTypes());
                return true;
            } catch (NoSuchMethodException e) {
                // not redeclared here
            }
        }
        return false;
    }

    private static List<Field> fields(Class<?> type) {
        List<Field> all = new ArrayList<>();
        for (Class<?> c : hierarchy(type)) {
            all.addAll(List.of(c.getDeclaredFields()));
        }
        return all;
    }

    private static List<Class<?>> hierarchy(Class<?> type) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        return chain;
    }
}
