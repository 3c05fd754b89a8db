package benchkit.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Typed, validated access to a plugin's options: the given values laid over the defaults of
 * the plugin's {@link OptionSpec}s. Unknown names and malformed values fail with an
 * {@link InvalidOptionException} whose message names the plugin, the option and what is valid.
 */
public final class OptionValues {
    private final String plugin;
    private final Map<String, String> values;

    private OptionValues(String plugin, Map<String, String> values) {
        this.plugin = plugin;
        this.values = values;
    }

    /** Canonical option name: lower case, underscores as dashes ({@code table_size} = {@code table-size}). */
    public static String canonical(String name) {
        String n = name.startsWith("--") ? name.substring(2) : name;
        return n.replace('_', '-').toLowerCase(Locale.ROOT);
    }

    private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[+-]?[0-9]+");
    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    /**
     * A whole number in plain decimal ASCII digits: {@link Long#parseLong} also reads other scripts' digits.
     *
     * @throws NumberFormatException for anything else
     * @since SPI 1 (added later)
     */
    public static long parseWhole(String s) {
        if (!WHOLE.matcher(s).matches()) {
            throw new NumberFormatException("not a plain decimal whole number: " + s);
        }
        return Long.parseLong(s);
    }

    /**
     * A plain decimal number ({@code 2}, {@code 2.5}, {@code 1e9}): {@link Double#parseDouble} also reads Java's
     * {@code 1d} and {@code 2f}, hex {@code 0x1p0}, {@code Infinity} and {@code NaN}, which would run a "1 day" as 1 s.
     *
     * @throws NumberFormatException for anything else
     * @since SPI 1 (added later)
     */
    public static double parseDecimal(String s) {
        if (!DECIMAL.matcher(s).matches()) {
            throw new NumberFormatException("not a plain decimal number: " + s);
        }
        return Double.parseDouble(s);
    }

    /** Lays {@code given} over the defaults of {@code specs}; rejects options not in {@code specs}. */
    public static OptionValues parse(String plugin, List<OptionSpec> specs, Map<String, String> given) {
        Map<String, String> merged = new LinkedHashMap<>();
        for (OptionSpec spec : specs) {
            merged.put(spec.name(), spec.defaultValue());
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = canonical(e.getKey());
            if (!merged.containsKey(key)) {
                List<String> known = new ArrayList<>(merged.keySet());
                Collections.sort(known);
                throw new UnknownOptionException(plugin + ": unknown option --" + key
                        + (known.isEmpty() ? " (it takes no options)" : "; valid: --" + String.join(", --", known)), key);
            }
            merged.put(key, e.getValue());
        }
        return new OptionValues(plugin, merged);
    }

    /** All options, canonical names, defaults included (values may be null where no default exists). */
    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(values);
    }

    public boolean isSet(String name) {
        return values.get(canonical(name)) != null;
    }

    public String string(String name) {
        String v = values.get(canonical(name));
        if (v == null) {
            throw new InvalidOptionException(plugin + ": option --" + canonical(name) + " is required");
        }
        return v;
    }

    public long longValue(String name, long min, long max) {
        long n = number(name, OptionValues::parseWhole, "a whole number");
        if (n < min || n > max) {
            throw outOfRange(name, min, max);
        }
        return n;
    }

    public int intValue(String name, int min, int max) {
        return (int) longValue(name, min, max);
    }

    public double doubleValue(String name, double min, double max) {
        double d = number(name, OptionValues::parseDecimal, "a number");
        if (!(d >= min && d <= max)) {    // written so that NaN is refused too
            throw outOfRange(name, min, max);
        }
        return d;
    }

    /** The option's value as {@code parse} reads it; one it cannot read is refused as not {@code kind}. */
    private <N> N number(String name, Function<String, N> parse, String kind) {
        String v = string(name).trim();
        try {
            return parse.apply(v);
        } catch (NumberFormatException e) {
            throw bad(name, v, kind);
        }
    }

    private InvalidOptionException outOfRange(String name, Object min, Object max) {
        return bad(name, string(name).trim(), "a number from " + min + " to " + max);
    }

    /** Accepts on/off, true/false, yes/no, 1/0 as sysbench does. */
    public boolean bool(String name) {
        String v = string(name).trim().toLowerCase(Locale.ROOT);
        switch (v) {
            case "on": case "true": case "yes": case "1":
                return true;
            case "off": case "false": case "no": case "0":
                return false;
            default:
                throw bad(name, v, "on or off");
        }
    }

    /** One of {@code choices} (case-insensitive), returned in lower case. */
    public String choice(String name, List<String> choices) {
        String v = string(name).trim().toLowerCase(Locale.ROOT);
        if (!choices.contains(v)) {
            throw bad(name, v, "one of " + String.join(", ", choices));
        }
        return v;
    }

    private InvalidOptionException bad(String name, String value, String expected) {
        return new InvalidOptionException(plugin + ": --" + canonical(name) + "=" + value + " is not valid; expected " + expected);
    }
}
