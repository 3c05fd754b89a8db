package benchkit.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --mysqld NAME=VALUE}: a single value configures every variant; {@code NAME=V1,V2} adds one
 * variant per value (e.g. {@code innodb_spin_wait_delay=6,96} as in study C).
 */
final class SettingsAxis {
    private SettingsAxis() {
    }

    static List<Map<String, String>> expand(List<String> pairs) {
        List<Map<String, String>> sets = new ArrayList<>();
        sets.add(new LinkedHashMap<>());
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--mysqld " + pair + ": expected NAME=VALUE");
            }
            String name = pair.substring(0, eq).strip();
            String[] values = pair.substring(eq + 1).split(",", -1);
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> set : sets) {
                for (String value : values) {
                    Map<String, String> s = new LinkedHashMap<>(set);
                    s.put(name, value.strip());
                    next.add(s);
                }
            }
            sets = next;
        }
        return sets;
    }
}
