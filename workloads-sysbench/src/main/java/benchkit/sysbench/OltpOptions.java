package benchkit.sysbench;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.script.SqlClient;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The options of sysbench 1.0.20's oltp_common.lua (same names and defaults; dashes and
 * underscores alike), its --rand-* options, --mysql-ignore-errors, and benchkit's --driver and
 * --transport, parsed and checked once.
 */
public record OltpOptions(
        int tables, int tableSize, int rangeSize,
        int pointSelects, int simpleRanges, int sumRanges, int orderRanges, int distinctRanges,
        int indexUpdates, int nonIndexUpdates, int deleteInserts,
        boolean rangeSelects, boolean autoInc, boolean skipTrx, boolean secondary, boolean createSecondary,
        String storageEngine, RandParams rand, IgnoredErrors ignoredErrors, SqlClient client,
        int randomPoints, int numberOfRanges, int delta, String tableName, boolean replaceExisting, boolean prepared) {

    private static final Pattern ENGINE = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,63}");
    private static final Pattern TABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]{0,63}");
    private static final int MAX_INT = Integer.MAX_VALUE;

    /** The options every sysbench-compatible workload accepts. */
    public static List<OptionSpec> commonSpecs() {
        List<OptionSpec> s = new ArrayList<>();
        s.add(new OptionSpec("tables", "1", "Number of tables"));
        s.add(new OptionSpec("table-size", "10000", "Number of rows per table"));
        s.add(new OptionSpec("range-size", "100", "Range size for range SELECT queries"));
        s.add(new OptionSpec("point-selects", "10", "Number of point SELECT queries per transaction"));
        s.add(new OptionSpec("simple-ranges", "1", "Number of simple range SELECT queries per transaction"));
        s.add(new OptionSpec("sum-ranges", "1", "Number of SELECT SUM() queries per transaction"));
        s.add(new OptionSpec("order-ranges", "1", "Number of SELECT ORDER BY queries per transaction"));
        s.add(new OptionSpec("distinct-ranges", "1", "Number of SELECT DISTINCT queries per transaction"));
        s.add(new OptionSpec("index-updates", "1", "Number of UPDATE index queries per transaction"));
        s.add(new OptionSpec("non-index-updates", "1", "Number of UPDATE non-index queries per transaction"));
        s.add(new OptionSpec("delete-inserts", "1", "Number of DELETE/INSERT combinations per transaction"));
        s.add(new OptionSpec("range-selects", "on", "Enable/disable all range SELECT queries"));
        s.add(new OptionSpec("auto-inc", "on", "Use AUTO_INCREMENT column as Primary Key; when off, use client-generated IDs"));
        s.add(new OptionSpec("skip-trx", "off", "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode"));
        s.add(new OptionSpec("secondary", "off", "Use a secondary index in place of the PRIMARY KEY"));
        s.add(new OptionSpec("create-secondary", "on", "Create a secondary index in addition to the PRIMARY KEY"));
        s.add(new OptionSpec("mysql-storage-engine", "innodb", "Storage engine"));
        s.addAll(RandParams.options());
        s.add(new OptionSpec("mysql-ignore-errors", "1213,1020,1205", "Comma-separated MySQL error codes that roll back and count as ignored errors, or 'all'"));
        s.addAll(SqlClient.options("auto"));
        s.add(new OptionSpec("table-name", "", "One table of this name instead of sbtest1 (sysbench 0.4's --oltp-table-name); "
                + "with --tables 1"));
        s.add(new OptionSpec("existing-tables", "replace", "What prepare does with a table that exists: replace it (drop and "
                + "re-create), or fail as sysbench's prepare does (CREATE TABLE: error 1050)"));
        s.add(new OptionSpec("db-ps-mode", "auto", "auto: prepared statements, as sysbench's default; disable: every "
                + "query as text with its values written in (sysbench's --db-ps-mode=disable)"));
        return s;
    }

    /** Parses {@code given} (laid over the defaults of {@code specs}) for workload {@code plugin}. */
    public static OltpOptions parse(String plugin, List<OptionSpec> specs, Map<String, String> given) {
        OptionValues v = OptionValues.parse(plugin, specs, given);
        RandParams rand = RandParams.from(v);
        String engine = v.string("mysql-storage-engine").trim();
        if (!ENGINE.matcher(engine).matches()) {
            throw new InvalidOptionException(plugin + ": --mysql-storage-engine=" + engine
                    + " is not valid; expected an engine name such as innodb");
        }
        String tableName = v.string("table-name").strip();
        if (!tableName.isEmpty() && !TABLE.matcher(tableName).matches()) {
            throw new InvalidOptionException(plugin + ": --table-name=" + tableName + " is not valid; expected a table name "
                    + "such as sbtest_10M_1");
        }
        if (!tableName.isEmpty() && v.intValue("tables", 1, 1_000_000) != 1) {
            throw new InvalidOptionException(plugin + ": --table-name names one table; it cannot be used with --tables "
                    + v.string("tables").strip());
        }
        boolean has = v.asMap().containsKey("random-points");
        boolean hasRanges = v.asMap().containsKey("number-of-ranges");
        return new OltpOptions(
                v.intValue("tables", 1, 1_000_000),
                v.intValue("table-size", 0, MAX_INT),
                v.intValue("range-size", 0, MAX_INT),
                v.intValue("point-selects", 0, 1_000_000),
                v.intValue("simple-ranges", 0, 1_000_000),
                v.intValue("sum-ranges", 0, 1_000_000),
                v.intValue("order-ranges", 0, 1_000_000),
                v.intValue("distinct-ranges", 0, 1_000_000),
                v.intValue("index-updates", 0, 1_000_000),
                v.intValue("non-index-updates", 0, 1_000_000),
                v.intValue("delete-inserts", 0, 1_000_000),
                v.bool("range-selects"), v.bool("auto-inc"), v.bool("skip-trx"), v.bool("secondary"),
                v.bool("create-secondary"),
                engine, rand,
                IgnoredErrors.parse(plugin, "mysql-ignore-errors", v.string("mysql-ignore-errors")),
                SqlClient.from(plugin, v),
                has ? v.intValue("random-points", 1, 65_535) : 10,
                hasRanges ? v.intValue("number-of-ranges", 1, 30_000) : 10,
                hasRanges ? v.intValue("delta", 0, MAX_INT) : 5,
                tableName,
                v.choice("existing-tables", List.of("replace", "fail")).equals("replace"),
                v.choice("db-ps-mode", List.of("auto", "disable")).equals("auto"));
    }

    /** The name of table {@code table} (1-based): sysbench's sbtestN, or --table-name's. */
    public String tableName(int table) {
        return tableName.isEmpty() ? "sbtest" + table : tableName;
    }
}
