package benchkit.launcher.mysql;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The few server settings that decide what a prepared datadir looks like, so launches may share one
 * only when they agree on them. A deliberately small, explicit list:
 * <ul>
 *   <li>formats fixed when the datadir is created (a datadir made with one {@code innodb_page_size}
 *       does not start with another);</li>
 *   <li>defaults that tables take when prepare creates them (row format, character set, engine).</li>
 * </ul>
 * Everything else (allocator, CPU set, buffer pool, spin waits, flushing...) is read at start-up and
 * may differ between servers started from copies of the same data. A path setting that points out of
 * the datadir (a value with a '/') turns copying off: a copy of the datadir alone would be incomplete.
 */
public final class DataShapingSettings {
    static final Set<String> SHAPING = Set.of(
            "innodb_page_size", "innodb_data_file_path", "innodb_undo_tablespaces", "lower_case_table_names",
            "innodb_default_row_format", "innodb_file_per_table", "character_set_server", "collation_server",
            "default_storage_engine");
    static final Set<String> PATHS = Set.of(
            "innodb_data_home_dir", "innodb_log_group_home_dir", "innodb_undo_directory", "innodb_temp_data_file_path",
            "log_bin", "relay_log", "innodb_directories");

    private DataShapingSettings() {
    }

    /**
     * The server side of a data key, e.g. {@code system} or {@code mysql-8.0 innodb_page_size=8K}; empty
     * when a setting places files outside the datadir.
     */
    public static Optional<String> serverKey(String distribution, Map<String, String> settings) {
        Map<String, String> shaping = new TreeMap<>();
        for (var e : settings.entrySet()) {
            String name = ServerConfig.canonical(e.getKey());
            if (PATHS.contains(name) && e.getValue() != null && e.getValue().contains("/")) {
                return Optional.empty();
            }
            if (SHAPING.contains(name)) {
                shaping.put(name, e.getValue() == null ? "" : e.getValue().strip());
            }
        }
        StringBuilder key = new StringBuilder(distribution);
        shaping.forEach((name, value) -> key.append(' ').append(name).append('=').append(value));
        return Optional.of(key.toString());
    }
}
