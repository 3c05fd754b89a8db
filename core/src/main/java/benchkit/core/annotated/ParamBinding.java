package benchkit.core.annotated;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.annotations.Param;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One {@code @Param} field: its option, how its text is parsed and validated, and how it is set. */
record ParamBinding(Field field, Param param, OptionSpec spec) {

    /**
     * Reads the field; {@code prototype} is an instance fresh from the constructor, whose field
     * value is the default when the annotation gives none.
     */
    static ParamBinding of(String workload, Field field, Object prototype) {
        Param param = field.getAnnotation(Param.class);
        String where = workload + ": @Param field " + field.getName();
        int mod = field.getModifiers();
        if (Modifier.isStatic(mod) || Modifier.isFinal(mod)) {
            throw new MalformedWorkloadException(where + " must be neither static nor final");
        }
        Class<?> type = field.getType();
        if (!(type == int.class || type == long.class || type == double.class || type == boolean.class
                || type == String.class || type.isEnum())) {
            throw new MalformedWorkloadException(where + " has type " + type.getSimpleName()
                    + "; supported: int, long, double, boolean, String or an enum");
        }
        try {
            field.setAccessible(true);
        } catch (RuntimeException e) {
            throw new MalformedWorkloadException(where + " is not accessible; make it public");
        }
        String name = param.name().isEmpty() ? kebab(field.getName()) : OptionValues.canonical(param.name());
        String defaultValue;
        if (!Param.FIELD_INITIALIZER.equals(param.defaultValue())) {
            defaultValue = param.defaultValue();
        } else {
            Object initial = read(field, prototype);
            defaultValue = initial == null ? null : text(initial);
        }
        ParamBinding binding = new ParamBinding(field, param, new OptionSpec(name, defaultValue, describe(param, type)));
        if (defaultValue != null) {
            try {
                binding.parse(OptionValues.parse(workload, List.of(binding.spec), java.util.Map.of()));
            } catch (InvalidOptionException e) {
                throw new MalformedWorkloadException(where + ": its default " + defaultValue + " is not valid: "
                        + e.getMessage());
            }
        }
        return binding;
    }

    /** The typed value of this option; an {@link InvalidOptionException} names the option and what is valid. */
    Object parse(OptionValues values) {
        String name = spec.name();
        Class<?> type = field.getType();
        if (type == int.class) {
            return values.intValue(name, (int) Math.max(param.min(), Integer.MIN_VALUE),
                    (int) Math.min(param.max(), Integer.MAX_VALUE));
        }
        if (type == long.class) {
            return values.longValue(name, param.min(), param.max());
        }
        if (type == double.class) {
            double min = param.min() == Long.MIN_VALUE ? -Double.MAX_VALUE : param.min();
            double max = param.max() == Long.MAX_VALUE ? Double.MAX_VALUE : param.max();
            return values.doubleValue(name, min, max);
        }
        if (type == boolean.class) {
            return values.bool(name);
        }
        if (type == String.class) {
            return values.string(name);
        }
        String choice = values.choice(name, constantNames(type));
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().toLowerCase(Locale.ROOT).equals(choice)) {
                return constant;
            }
        }
        throw new IllegalStateException("unreachable: " + choice);
    }

    void set(Object instance, Object value) {
        try {
            field.set(instance, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot set @Param field " + field.getName() + ": " + e.getMessage(), e);
        }
    }

    /** {@code tableSize} becomes {@code table-size}. */
    static String kebab(String fieldName) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fieldName.length(); i++) {
            char c = fieldName.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                sb.append('-');
            }
            sb.append(Character.toLowerCase(c));
        }
        return OptionValues.canonical(sb.toString());
    }

    private static Object read(Field field, Object prototype) {
        try {
            return field.get(prototype);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read @Param field " + field.getName() + ": " + e.getMessage(), e);
        }
    }

    private static String text(Object value) {
        if (value instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        if (value instanceof Boolean b) {
            return b ? "on" : "off";
        }
        return value.toString();
    }

    private static List<String> constantNames(Class<?> enumType) {
        List<String> names = new ArrayList<>();
        for (Object constant : enumType.getEnumConstants()) {
            names.add(((Enum<?>) constant).name().toLowerCase(Locale.ROOT));
        }
        return names;
    }

    /** The user's description plus what values are valid, for {@code bench list}. */
    private static String describe(Param param, Class<?> type) {
        String kind;
        if (type == boolean.class) {
            kind = "on/off";
        } else if (type.isEnum()) {
            kind = "one of " + String.join(", ", constantNames(type));
        } else if (type == String.class) {
            kind = "text";
        } else {
            kind = type.getSimpleName();
            boolean hasMin = param.min() != Long.MIN_VALUE;
            boolean hasMax = param.max() != Long.MAX_VALUE;
            if (hasMin || hasMax) {
                kind += " " + (hasMin ? param.min() : "") + ".." + (hasMax ? param.max() : "");
            }
        }
        return param.description().isEmpty() ? "[" + kind + "]" : param.description() + " [" + kind + "]";
    }
}
