package benchkit.sysbench.line;

import benchkit.spi.OptionValues;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * sysbench 1.0.20's checks of its own options before its banner, in its order and words (sysbench.c's init(), then
 * sb_logger.c's handlers): an integer option that is not one ({@code strtol}, base 10, the whole value) on stderr;
 * --threads below 1, --verbosity above 5, --percentile outside 0-100 and --histogram with --percentile=0 on stdout.
 * And its flags: a value other than on/true/1 or off/false/0 is an option no one takes, refused after its banner.
 */
public final class SysbenchInit {
    /** sysbench's integer options in the order its init() reads them (then verbosity and percentile, in log_init). */
    private static final List<String> INTEGERS = List.of("threads", "events", "time", "rate", "report-interval");
    /** sysbench's own flags ([=on|off] in its help). */
    private static final List<String> FLAGS = List.of("histogram", "debug", "validate");

    private SysbenchInit() {
    }

    /** What sysbench prints, on stdout and on stderr, refusing a line; it exits 1. */
    public record Refusal(String out, String err) {
    }

    /** sysbench's refusal of {@code args} (a sysbench line, its options as typed) before its banner, if any. */
    public static Optional<Refusal> refusal(List<String> args) {
        Map<String, String> given = given(args);
        for (String name : INTEGERS) {
            String v = given.get(name);
            if (v != null && !isStrtolInt(v)) {
                return Optional.of(notAnInteger(name, v));
            }
            if (name.equals("threads") && intValue(given, "threads", 1) <= 0) {
                // log_text adds its newline to the message's own
                return Optional.of(new Refusal("FATAL: Invalid value for --threads: " + intValue(given, "threads", 1)
                        + ".\n\n", ""));
            }
        }
        for (String name : List.of("verbosity", "percentile")) {
            String v = given.get(name);
            if (v != null && !isStrtolInt(v)) {
                return Optional.of(notAnInteger(name, v));
            }
        }
        int verbosity = intValue(given, "verbosity", 3);
        if (verbosity > 5) {
            return Optional.of(new Refusal("Invalid value for verbosity: " + verbosity + "\n", ""));
        }
        int percentile = intValue(given, "percentile", 95);
        if (percentile < 0 || percentile > 100) {
            return Optional.of(new Refusal("FATAL: Invalid value for --percentile: " + percentile + "\n", ""));
        }
        if (percentile == 0 && isOn(given.getOrDefault("histogram", "off"))) {
            return Optional.of(new Refusal("FATAL: --histogram cannot be used with --percentile=0\n", ""));
        }
        return Optional.empty();
    }

    /** sb_opt_to_int's words, with sysbench's name of the option ('_' for '-'). */
    private static Refusal notAnInteger(String name, String value) {
        return new Refusal("", "Invalid value for the '" + name.replace('-', '_') + "' option: '" + value + "'\n");
    }

    /** The last of sysbench's flags on {@code args} given a value sysbench does not take, as typed. */
    public static Optional<String> badFlag(List<String> args) {
        String bad = null;
        for (String a : args) {
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0 && FLAGS.contains(OptionValues.canonical(a.substring(0, eq)))) {
                bad = isFlagValue(a.substring(eq + 1)) ? null : a;
            }
        }
        return Optional.ofNullable(bad);
    }

    /** A value sysbench's flags take (its set_option compares them as written). */
    public static boolean isFlagValue(String v) {
        return List.of("on", "true", "1", "off", "false", "0").contains(v);
    }

    private static boolean isOn(String v) {
        return List.of("on", "true", "1").contains(v);
    }

    /** Whether strtol(v, &end, 10) reads all of {@code v} and it fits an int, as sysbench's sb_opt_to_int checks. */
    public static boolean isStrtolInt(String v) {
        if (!v.matches("[ \\t\\n\\x0B\\f\\r]*[+-]?\\d+")) {
            return false;
        }
        try {
            Integer.parseInt(v.strip().startsWith("+") ? v.strip().substring(1) : v.strip());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The options as sysbench keeps them: the last of each, by its name ('_' as '-'); an empty value is none. */
    private static Map<String, String> given(List<String> args) {
        Map<String, String> given = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--")) {
                continue;
            }
            if (eq < 0) {
                if (FLAGS.contains(OptionValues.canonical(a))) {
                    given.put(OptionValues.canonical(a), "on");
                }
                continue;     // another bare one: its value, on bench's line, is the next word
            }
            String value = a.substring(eq + 1);
            // an empty value is none: the option reads 0
            given.put(OptionValues.canonical(a.substring(0, eq)), value.isEmpty() ? "0" : value);
        }
        return given;
    }

    private static int intValue(Map<String, String> given, String name, int fallback) {
        String v = given.get(name);
        return v == null ? fallback : Integer.parseInt(v.strip().startsWith("+") ? v.strip().substring(1) : v.strip());
    }
}
