package benchkit.collectors.status;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One reading of {@code SHOW GLOBAL STATUS}: variable name to value, names matched without
 * regard to case as the server does.
 *
 * @param wallNanos {@link System#nanoTime()} when the reading was taken
 */
public record StatusSnapshot(Map<String, String> values, long wallNanos) {
    public StatusSnapshot {
        Map<String, String> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        copy.putAll(values);
        values = Collections.unmodifiableMap(copy);
    }

    /** The server's own spelling of a variable name, when the server has it. */
    public Optional<String> spelling(String name) {
        if (!values.containsKey(name)) {
            return Optional.empty();
        }
        return values.keySet().stream().filter(k -> k.equalsIgnoreCase(name)).findFirst();
    }

    /** The value as a number; empty when missing or not numeric (some variables hold text). */
    public Optional<Double> number(String name) {
        String v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Double.parseDouble(v.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
