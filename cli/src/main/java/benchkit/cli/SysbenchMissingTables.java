package benchkit.cli;

import benchkit.sysbench.line.SysbenchTest;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.Target;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A sysbench {@code run} over tables that are not there ends as sysbench 1.0.20's does (bench's own runs prepare
 * them; a sysbench line's run never touches its tables, see RunPlan#preparesData): the scripts that prepare their
 * statements in {@code thread_init} fail there, each thread with three {@code FATAL:} lines and then "Thread
 * initialization failed!"; oltp_insert and bulk_insert fail at their first insert, after "Threads started!", with the
 * MySQL driver's line (its query, cut where sysbench's logger cuts a message) and the Lua error. Exit code 1.
 */
final class SysbenchMissingTables {
    /** sysbench's logger writes at most this many characters of a message, and then no line end. */
    private static final int LOG_MESSAGE = 4095;
    /** The 1.0 scripts whose thread_init prepares a statement on each table, and the Lua line that raises. */
    private static final Map<String, Integer> PREPARED_IN_THREAD_INIT = Map.of("oltp_point_select", 284,
            "oltp_read_only", 284, "oltp_read_write", 284, "oltp_write_only", 284, "oltp_update_index", 284,
            "oltp_update_non_index", 284, "oltp_delete", 284, "select_random_points", 38, "select_random_ranges", 42);

    private SysbenchMissingTables() {
    }

    /**
     * When a table the line's test needs is not in {@code target}'s database: sysbench's lines after {@code header},
     * and the exit code; empty when every table is there, or the test is not one of sysbench 1.0's scripts (its
     * sessions then fail in bench's words).
     */
    static OptionalInt whenMissing(ConsoleOptions console, int threads, Map<String, String> options, Target target,
                                   List<String> header, PrintStream out) throws SQLException {
        String test = console.sysbenchTest;
        String base = SysbenchTest.base(test);
        boolean bulk = base.equals("bulk_insert");
        if (!bulk && !base.equals("oltp_insert") && !PREPARED_IN_THREAD_INIT.containsKey(base)) {
            return OptionalInt.empty();
        }
        Set<String> present = tables(target);
        String db = target.database();
        List<String> lines = new ArrayList<>();
        int failing = 0;
        for (int thread = 1; thread <= threads; thread++) {
            String missing = (bulk ? List.of("sbtest" + thread) : needed(options)).stream()
                    .filter(t -> !present.contains(t)).findFirst().orElse(null);
            if (missing == null) {
                continue;
            }
            failing++;
            String notThere = "Table '" + db + "." + missing + "' doesn't exist";
            if (bulk) {
                String values = IntStream.rangeClosed(1, 1000).mapToObj(i -> "(" + i + "," + i + ")")
                        .collect(Collectors.joining(","));
                String message = "mysql_drv_query() returned error 1146 (" + notThere + ") for query 'INSERT INTO " + missing
                        + " VALUES" + values;
                lines.add("FATAL: " + message.substring(0, LOG_MESSAGE) + "FATAL: `thread_run' function failed: "
                        + SysbenchConnectFailure.script(test) + ":38: db_bulk_insert_next() failed");
            } else if (base.equals("oltp_insert")) {
                lines.add("FATAL: mysql_drv_query() returned error 1146 (" + notThere + ") for query 'INSERT INTO " + missing
                        + " (id, k, c, pad) VALUES (0, " + randomK(options) + ", '" + digits(10) + "', '" + digits(5) + "')'");
                lines.add("FATAL: `thread_run' function failed: " + SysbenchConnectFailure.script(test) + ":61: SQL error, errno = 1146, "
                        + "state = '42S02': " + notThere);
            } else {
                lines.add("FATAL: mysql_stmt_prepare() failed");
                lines.add("FATAL: MySQL error: 1146 \"" + notThere + "\"");
                String file = base.startsWith("select_random") ? SysbenchConnectFailure.script(test) : SysbenchConnectFailure.oltpCommon();
                lines.add("FATAL: `thread_init' function failed: " + file + ":" + PREPARED_IN_THREAD_INIT.get(base)
                        + ": SQL API error");
            }
        }
        if (failing == 0) {
            return OptionalInt.empty();
        }
        boolean inThreadInit = PREPARED_IN_THREAD_INIT.containsKey(base);
        if (console.sysbenchLines()) {
            header.forEach(out::println);
            if (!inThreadInit) {
                out.println("Threads started!");
                out.println();
            }
        }
        lines.forEach(out::println);
        if (inThreadInit) {
            out.println("FATAL: Thread initialization failed!");
        }
        out.flush();
        return OptionalInt.of(Cli.EXIT_FAILURE);
    }

    /** The oltp tables of the line: {@code --table-name} (sysbench 0.4's one table), or sbtest1..--tables. */
    private static List<String> needed(Map<String, String> options) {
        String named = options.getOrDefault("table-name", "").strip();
        if (!named.isEmpty()) {
            return List.of(named);
        }
        int tables = Integer.parseInt(options.getOrDefault("tables", "1").strip());
        return IntStream.rangeClosed(1, tables).mapToObj(t -> "sbtest" + t).toList();
    }

    private static Set<String> tables(Target target) throws SQLException {
        Set<String> names = new HashSet<>();
        SqlConnector connector = SqlConnector.to(SqlEndpoint.of(target));
        Optional<List<String[]>> quickly = connector.rowsOverWire("SHOW TABLES");
        if (quickly.isPresent()) {
            quickly.get().forEach(row -> names.add(row[0]));
            return names;
        }
        try (Connection c = connector.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW TABLES")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private static long randomK(Map<String, String> options) {
        long size = Long.parseLong(options.getOrDefault("table-size", "10000").strip());
        return ThreadLocalRandom.current().nextLong(1, Math.max(2, size + 1));
    }

    /** sysbench's c and pad values: groups of 11 random digits joined by '-'. */
    private static String digits(int groups) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return IntStream.range(0, groups).mapToObj(g -> String.format("%011d", r.nextLong(100_000_000_000L)))
                .collect(Collectors.joining("-"));
    }
}
