package benchkit.memcached.sql;

import benchkit.memcached.kv.KvOperation;
import benchkit.memcached.kv.KvOptions;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.script.SqlClient;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Options of the SQL key-value baseline: the memcached workloads' key-value options, the table, the
 * ignored errors and the sessions' client.
 *
 * @param workload the workload's name, for messages
 * @param client   --driver and --transport of the sessions
 */
public record SqlKvOptions(String workload, KvOptions kv, String table, IgnoredErrors ignoredErrors, SqlClient client)
        implements KvOptions.Part {
    public static final String TABLE = "table";
    public static final String IGNORE_ERRORS = "ignore-errors";
    /** The largest value bench's wire client sends in one packet with the key and the statement's other bytes. */
    static final int MAX_WIRE_VALUE = 16 * 1024 * 1024 - 1024;

    public static List<OptionSpec> specs(KvOperation op) {
        List<OptionSpec> s = new ArrayList<>(KvOptions.specs(op));
        s.add(new OptionSpec(TABLE, "kv", "InnoDB table kv(k, v, flags, cas, expiry) in the target's database"));
        s.add(new OptionSpec(IGNORE_ERRORS, "1213,1205", "server error codes that count as ignored errors "
                + "(deadlock, lock wait timeout); 'all' for every code, 'none' for none"));
        s.addAll(SqlClient.options("mariadb"));
        return s;
    }

    public static SqlKvOptions from(String workload, KvOperation op, Map<String, String> given) {
        OptionValues v = OptionValues.parse(workload, specs(op), given);
        KvOptions kv = KvOptions.from(op, v);
        String table = v.string(TABLE).strip();
        if (!SqlKvSchema.isIdentifier(table)) {
            throw new InvalidOptionException(workload + ": --table=" + table + " is not valid; expected letters, digits, '_' or '$'");
        }
        if (kv.valueSizes().max() > SqlKvSchema.MAX_VALUE) {
            throw new InvalidOptionException(workload + ": --value-size=" + kv.valueSizes() + " is above the table's limit of "
                    + SqlKvSchema.MAX_VALUE + " bytes");
        }
        SqlClient client = SqlClient.from(workload, v);
        if (client.mayUseWire() && kv.valueSizes().max() > MAX_WIRE_VALUE) {
            throw new InvalidOptionException(workload + ": --value-size=" + kv.valueSizes() + " is above what --driver=wire sends ("
                    + MAX_WIRE_VALUE + " bytes); use --driver=mariadb");
        }
        return new SqlKvOptions(workload, kv, table, IgnoredErrors.parse(workload, IGNORE_ERRORS, v.string(IGNORE_ERRORS)), client);
    }
}
