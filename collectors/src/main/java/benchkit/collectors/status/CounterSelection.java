package benchkit.collectors.status;

import benchkit.spi.InvalidOptionException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which status variables to report and which of them are gauges (levels such as
 * {@code Threads_running}, averaged over samples) rather than counters (reported as rates).
 */
public final class CounterSelection {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+");

    private final List<String> names;
    private final Set<String> gaugesLowerCase;

    private CounterSelection(List<String> names, Set<String> gaugesLowerCase) {
        this.names = names;
        this.gaugesLowerCase = gaugesLowerCase;
    }

    /** Parses the comma-separated {@code counters} and {@code gauges} options. */
    public static CounterSelection parse(String counters, String gauges) {
        List<String> names = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String name : split("counters", counters)) {
            if (seen.add(name.toLowerCase(Locale.ROOT))) { // names are case-insensitive; report each once
                names.add(name);
            }
        }
        if (names.isEmpty()) {
            throw new InvalidOptionException(StatusCollectorFactory.NAME
                    + ": --counters is empty; give a comma-separated list such as Questions,Com_select");
        }
        Set<String> g = new LinkedHashSet<>();
        for (String name : split("gauges", gauges)) {
            g.add(name.toLowerCase(Locale.ROOT));
        }
        return new CounterSelection(names, g);
    }

    public List<String> names() {
        return names;
    }

    public boolean isGauge(String name) {
        return gaugesLowerCase.contains(name.toLowerCase(Locale.ROOT));
    }

    /**
     * The selected names as the server spells them; fails with one line naming every variable the
     * server lacks or that holds no number.
     */
    public List<String> resolve(StatusSnapshot status, String where) {
        List<String> resolved = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        List<String> notNumeric = new ArrayList<>();
        for (String name : names) {
            var spelled = status.spelling(name);
            if (spelled.isEmpty()) {
                unknown.add(name);
            } else if (status.number(name).isEmpty()) {
                notNumeric.add(name + "='" + status.values().get(name) + "'");
            } else {
                resolved.add(spelled.get());
            }
        }
        if (!unknown.isEmpty()) {
            throw new InvalidOptionException(StatusCollectorFactory.NAME + " collector: unknown status counter"
                    + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown)
                    + " (not in SHOW GLOBAL STATUS of " + where + ")");
        }
        if (!notNumeric.isEmpty()) {
            throw new InvalidOptionException(StatusCollectorFactory.NAME
                    + " collector: status variables that hold no number cannot be reported: "
                    + String.join(", ", notNumeric));
        }
        return resolved;
    }

    private static List<String> split(String option, String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(",")) {
            String name = part.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (!NAME.matcher(name).matches()) {
                throw new InvalidOptionException(StatusCollectorFactory.NAME + ": --" + option + " has '" + name
                        + "', not a status variable name (letters, digits and _ only)");
            }
            out.add(name);
        }
        return out;
    }
}
