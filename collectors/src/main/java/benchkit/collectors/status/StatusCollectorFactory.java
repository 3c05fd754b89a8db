package benchkit.collectors.status;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.List;
import java.util.Map;

/** The {@code status} collector: rates of the server's SHOW GLOBAL STATUS counters, over JDBC. */
public final class StatusCollectorFactory implements CollectorFactory {
    static final String NAME = "status";

    /** Present in both MySQL and MariaDB (MariaDB 10.11 has no Innodb_rows_read, for one). */
    static final String DEFAULT_COUNTERS = "Questions,Com_select,Com_insert,Com_update,Com_delete,"
            + "Innodb_buffer_pool_read_requests,Innodb_buffer_pool_reads,Threads_running";

    /** Status variables that are levels, not running totals. */
    static final String DEFAULT_GAUGES = "Threads_running,Threads_connected,Threads_cached,Open_tables,Open_files,"
            + "Open_table_definitions,Max_used_connections,Memory_used,Innodb_buffer_pool_pages_data,"
            + "Innodb_buffer_pool_pages_dirty,Innodb_buffer_pool_pages_free,Innodb_buffer_pool_pages_misc,"
            + "Innodb_buffer_pool_pages_total,Innodb_buffer_pool_bytes_data,Innodb_buffer_pool_bytes_dirty,"
            + "Innodb_row_lock_current_waits,Innodb_history_list_length";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "server SHOW GLOBAL STATUS counters as per-second rates (gauges as means), via JDBC";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(
                new OptionSpec("counters", DEFAULT_COUNTERS,
                        "comma-separated status variables to report as status.<Name>"),
                new OptionSpec("gauges", DEFAULT_GAUGES,
                        "which of them are levels (mean of samples, unit count) rather than counters (ops/s)"));
    }

    @Override
    public Collector create(Map<String, String> options) {
        OptionValues values = OptionValues.parse(NAME, options(), options);
        return new StatusCollector(CounterSelection.parse(values.string("counters"), values.string("gauges")));
    }
}
