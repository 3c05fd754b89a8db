package benchkit.mysql;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The catalog queries run against real servers in the workloads' prepare tests; quoting is checked here. */
class CatalogTest {
    @Test
    void quotesANameInBackticksDoublingAnyInside() {
        assertEquals("`sbtest`", Catalog.quoted("sbtest"));
        assertEquals("`a``b`", Catalog.quoted("a`b"));
        assertEquals("`my db`", Catalog.quoted("my db"));
    }
}
