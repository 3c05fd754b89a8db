package benchkit.sysbench.line;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What bench does with each sysbench 0.4.12 / 0.5 / 1.0 option whose name is not bench's: a new name
 * for the same meaning, or no equivalent. An option without equivalent is ignored with a note while
 * its value leaves the measured load as bench runs it; any other value is refused, with the reason.
 */
public final class SysbenchOptions {
    /** Legacy name -> bench's (and sysbench 1.0's) name; the value means the same. */
    public static final Map<String, String> RENAMED = Map.ofEntries(
            Map.entry("--num-threads", "--threads"),
            Map.entry("--max-time", "--time"),
            Map.entry("--max-requests", "--events"),
            Map.entry("--tx-rate", "--rate"),
            Map.entry("--oltp-table-size", "--table-size"),
            Map.entry("--oltp-tables-count", "--tables"),
            Map.entry("--oltp-dist-type", "--rand-type"),
            Map.entry("--oltp-dist-iter", "--rand-spec-iter"),
            Map.entry("--oltp-dist-pct", "--rand-spec-pct"),
            Map.entry("--oltp-dist-res", "--rand-spec-res"),
            Map.entry("--oltp-point-selects", "--point-selects"),
            Map.entry("--oltp-simple-ranges", "--simple-ranges"),
            Map.entry("--oltp-sum-ranges", "--sum-ranges"),
            Map.entry("--oltp-order-ranges", "--order-ranges"),
            Map.entry("--oltp-distinct-ranges", "--distinct-ranges"),
            Map.entry("--oltp-range-size", "--range-size"),
            Map.entry("--oltp-index-updates", "--index-updates"),
            Map.entry("--oltp-non-index-updates", "--non-index-updates"),
            Map.entry("--oltp-delete-inserts", "--delete-inserts"),
            Map.entry("--oltp-skip-trx", "--skip-trx"),
            Map.entry("--oltp-auto-inc", "--auto-inc"),
            Map.entry("--oltp-secondary", "--secondary"),
            Map.entry("--mysql-table-engine", "--mysql-storage-engine"));

    private static final String OFF = "off|false|no|0";
    private static final String ANY = "(?s).*";

    /**
     * An option without equivalent: values matching {@code harmless} are ignored (with {@code note},
     * or silently when it is null); others are refused because bench would measure something else.
     */
    public record NoEquivalent(Pattern harmless, String note, String refusal) {
        NoEquivalent(String harmless, String note, String refusal) {
            this(Pattern.compile(harmless, Pattern.CASE_INSENSITIVE), note, refusal);
        }
    }

    private static final Map<String, NoEquivalent> NO_EQUIVALENT = Map.ofEntries(
            // Outside what is measured: ignoring them leaves the load as sysbench would put it.
            Map.entry("--db-driver", new NoEquivalent("mysql", null,
                    "bench speaks to MySQL-family servers (and memcached) only")),
            Map.entry("--oltp-connect-delay", new NoEquivalent(ANY, "is ignored: it only delays connecting, before any measurement", null)),
            Map.entry("--myisam-max-rows", new NoEquivalent(ANY, "is ignored: it only sizes MyISAM tables", null)),
            Map.entry("--oltp-sp-name", new NoEquivalent(ANY, "is ignored: it serves --oltp-test-mode=sp only", null)),
            Map.entry("--init-rng", new NoEquivalent(ANY, "is ignored: bench seeds its random numbers from the clock unless --rand-seed=N", null)),
            Map.entry("--rand-init", new NoEquivalent(ANY, "is ignored: bench seeds its random numbers from the clock unless --rand-seed=N", null)),
            // sysbench's own values (N, N% of --time, off) are ignored; another is refused as sysbench refuses it
            Map.entry("--forced-shutdown", new NoEquivalent("off|\\s*[+-]?\\d+(%.*)?|%.*", "is ignored: bench ends each iteration itself",
                    "not a value sysbench takes (seconds, N% of --time, or off)")),
            Map.entry("--thread-stack-size", new NoEquivalent(ANY, "is ignored: it sizes sysbench's own threads", null)),
            Map.entry("--verbosity", new NoEquivalent(ANY, "is ignored: it sets sysbench's own logging", null)),
            Map.entry("--debug", new NoEquivalent(ANY, "is ignored: it sets sysbench's own logging", null)),
            Map.entry("--db-debug", new NoEquivalent(ANY, "is ignored: it sets sysbench's own logging", null)),
            Map.entry("--mysql-debug", new NoEquivalent(ANY, "is ignored: it traces sysbench's client library", null)),
            Map.entry("--validate", new NoEquivalent(ANY, "is ignored: bench does not check query results", null)),
            Map.entry("--luajit-cmd", new NoEquivalent("on|off|flush", "is ignored: bench runs no LuaJIT",
                    "not a LuaJIT command (on, off or flush, which bench, running no LuaJIT, ignores)")),
            Map.entry("--mysql-ssl-cipher", new NoEquivalent(ANY, "is ignored: bench's clients speak no TLS", null)),
            // Values other than sysbench's default change the load; bench cannot reproduce them.
            Map.entry("--oltp-reconnect-mode", new NoEquivalent("session", "=session is bench's way; ignored",
                    "sysbench then reconnects per transaction or query, which it measures; bench keeps each session's connection")),
            Map.entry("--oltp-reconnect", new NoEquivalent(OFF, "=off is bench's way; ignored",
                    "sysbench 0.5 then reconnects after every transaction, which it measures; bench keeps each session's connection")),
            Map.entry("--oltp-user-delay-min", new NoEquivalent("0", "=0 is bench's way; ignored",
                    "sysbench then sleeps after each query, which lowers the load it measures; bench has no think time (--rate sets an open-loop rate)")),
            Map.entry("--oltp-user-delay-max", new NoEquivalent("0", "=0 is bench's way; ignored",
                    "sysbench then sleeps after each query, which lowers the load it measures; bench has no think time (--rate sets an open-loop rate)")),
            Map.entry("--oltp-use-in-statement", new NoEquivalent("0", "=0 is bench's way; ignored",
                    "sysbench 0.4 then reads several ids with one IN() query per point select; bench's transactions have no such query")),
            Map.entry("--oltp-point-select-mysql-handler", new NoEquivalent(OFF, "=off is bench's way; ignored",
                    "sysbench then reads with HANDLER ... READ; bench reads with SELECT")),
            Map.entry("--oltp-avoid-deadlocks", new NoEquivalent(OFF, "=off is bench's way; ignored",
                    "sysbench 0.4 then orders its update keys; bench picks them at random as sysbench 0.5 and 1.0 do")),
            Map.entry("--mysql-engine-trx", new NoEquivalent("auto|yes", "is ignored: bench wraps transactions in BEGIN/COMMIT",
                    "sysbench 0.4 then locks the table (LOCK TABLES) instead of starting transactions; bench has no such mode")),
            Map.entry("--mysql-create-options", new NoEquivalent("", null,
                    "bench creates sysbench's tables without extra table options")),
            Map.entry("--mysql-compression", new NoEquivalent(OFF, null, "bench's clients do not compress the protocol")),
            Map.entry("--mysql-dry-run", new NoEquivalent(OFF, null, "sysbench then sends nothing to the server")));

    private SysbenchOptions() {
    }

    /** The rule of {@code name} (canonical, with dashes), if it has no equivalent in bench. */
    public static Optional<NoEquivalent> noEquivalent(String name) {
        if (name.startsWith("--pgsql-")) {
            return Optional.of(new NoEquivalent(ANY, "is ignored: bench does not speak to PostgreSQL", null));
        }
        return Optional.ofNullable(NO_EQUIVALENT.get(name));
    }

    /** sysbench's option names: {@code --oltp_tables_count} is {@code --oltp-tables-count}. */
    public static String canonical(String name) {
        return "--" + benchkit.spi.OptionValues.canonical(name);
    }
}
