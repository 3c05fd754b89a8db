package benchkit.sysbench;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OltpOptionsTest {
    private static final List<OptionSpec> SPECS = new OltpWorkloadFactory.ReadWrite().options();

    private static OltpOptions parse(Map<String, String> given) {
        return OltpOptions.parse("oltp-read-write", SPECS, given);
    }

    @Test
    void defaultsAreSysbench1020s() {
        OltpOptions o = parse(Map.of());
        assertEquals(1, o.tables());
        assertEquals(10000, o.tableSize());
        assertEquals(100, o.rangeSize());
        assertEquals(10, o.pointSelects());
        assertEquals(1, o.simpleRanges());
        assertEquals(1, o.sumRanges());
        assertEquals(1, o.orderRanges());
        assertEquals(1, o.distinctRanges());
        assertEquals(1, o.indexUpdates());
        assertEquals(1, o.nonIndexUpdates());
        assertEquals(1, o.deleteInserts());
        assertTrue(o.rangeSelects());
        assertTrue(o.autoInc());
        assertFalse(o.skipTrx());
        assertFalse(o.secondary());
        assertTrue(o.createSecondary());
        assertEquals("innodb", o.storageEngine());
        assertEquals(RandParams.DEFAULTS, o.rand());
        assertTrue(o.ignoredErrors().ignores(1213) && o.ignoredErrors().ignores(1020) && o.ignoredErrors().ignores(1205));
        assertFalse(o.ignoredErrors().ignores(1062));
        assertEquals("auto", o.client().driver());
        assertEquals("auto", o.client().transport());
    }

    @Test
    void theDefaultRandTypeParsesUnderATurkishLocale() {
        java.util.Locale saved = java.util.Locale.getDefault();
        try {
            // "special".toUpperCase() is "SPECİAL" (dotted capital I) in tr_TR: no RandType of that name (issue #51)
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr-TR"));
            assertEquals(RandType.SPECIAL, OltpOptions.parse("point-select", SPECS, Map.of()).rand().type());
        } finally {
            java.util.Locale.setDefault(saved);
        }
    }

    @Test
    void everyOltpCommonOptionIsListed() {
        TreeSet<String> names = new TreeSet<>();
        SPECS.forEach(s -> names.add(s.name()));
        for (String n : List.of("tables", "table-size", "range-size", "point-selects", "simple-ranges", "sum-ranges",
                "order-ranges", "distinct-ranges", "index-updates", "non-index-updates", "delete-inserts",
                "range-selects", "skip-trx", "auto-inc", "secondary", "create-secondary", "mysql-storage-engine",
                "rand-type", "rand-seed", "rand-spec-iter", "rand-spec-pct", "rand-spec-res", "rand-pareto-h",
                "rand-zipfian-exp", "mysql-ignore-errors", "driver", "transport")) {
            assertTrue(names.contains(n), "missing option " + n);
        }
    }

    /** sysbench 1.0.20 runs --range_size=0 (its ranges then match no row); a negative one is refused (issue #51). */
    @Test
    void aRangeOfNoRowsIsTakenAsSysbenchTakesIt() {
        assertEquals(0, parse(Map.of("range-size", "0")).rangeSize());
        assertThrows(benchkit.spi.InvalidOptionException.class, () -> parse(Map.of("range-size", "-1")));
    }

    @Test
    void dashesAndUnderscoresAreTheSame() {
        OltpOptions o = parse(Map.of("table_size", "500", "--point-selects", "3", "skip_trx", "on", "rand_type", "Uniform"));
        assertEquals(500, o.tableSize());
        assertEquals(3, o.pointSelects());
        assertTrue(o.skipTrx());
        assertEquals(RandType.UNIFORM, o.rand().type());
    }

    @Test
    void ignoreErrorsAcceptsAllAndLists() {
        assertTrue(parse(Map.of("mysql-ignore-errors", "all")).ignoredErrors().ignores(1062));
        OltpOptions o = parse(Map.of("mysql-ignore-errors", "1062, 1146"));
        assertTrue(o.ignoredErrors().ignores(1146));
        assertFalse(o.ignoredErrors().ignores(1213));
    }

    @Test
    void badValuesGiveOneLineMessagesNamingTheOption() {
        for (Map<String, String> bad : List.of(
                Map.of("tables", "zero"), Map.of("tables", "0"), Map.of("table-size", "-1"),
                Map.of("rand-type", "poisson"), Map.of("skip-trx", "maybe"), Map.of("rand-pareto-h", "1.5"),
                Map.of("mysql-ignore-errors", "12x"), Map.of("driver", "jtds"), Map.of("transport", "udp"),
                Map.of("mysql-storage-engine", "innodb; DROP TABLE x"), Map.of("no-such-option", "1"))) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> parse(bad), bad.toString());
            String key = bad.keySet().iterator().next();
            assertTrue(e.getMessage().startsWith("oltp-read-write: "), e.getMessage());
            assertTrue(e.getMessage().contains("--" + key), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void factoriesAreRegisteredUnderSysbenchNames() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(WorkloadFactory.class).forEach(f -> names.add(f.name()));
        assertEquals(List.of("point-select", "oltp-read-only", "oltp-read-write", "oltp-write-only", "oltp-update-index",
                "oltp-update-non-index", "oltp-delete", "oltp-insert", "select-random-points", "select-random-ranges",
                "bulk-insert"), names);
    }

    @Test
    void scriptExtrasOnlyWhereSysbenchHasThem() {
        WorkloadFactory points = new OltpWorkloadFactory.SelectRandomPoints();
        assertTrue(points.options().stream().anyMatch(s -> s.name().equals("random-points")));
        assertThrows(InvalidOptionException.class, () -> new OltpWorkloadFactory.PointSelect().create(Map.of("random-points", "5")));
        OltpWorkload w = (OltpWorkload) new OltpWorkloadFactory.SelectRandomRanges().create(Map.of("number_of_ranges", "4", "delta", "9"));
        assertEquals(4, w.options().numberOfRanges());
        assertEquals(9, w.options().delta());
    }
}
