package benchkit.memcached.launcher;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.VariantMatrix;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A server setting is named in results by the program it belongs to, as its launcher says (core names none). */
class SettingsParamTest {
    @Test
    void memcachedSettingsAreMemcachedsAndMysqldsAreMysqlds() {
        PluginRegistry registry = PluginRegistry.load(getClass().getClassLoader());
        List<Variant> variants = VariantMatrix.builder().servers("memcached", "innodb-memcached").setting("t", "2").build()
                .variants(registry);
        assertEquals("2", variants.get(0).params().get("memcached.t"), variants.get(0).params().toString());
        assertEquals("2", variants.get(1).params().get("mysqld.t"), "the plugin's server is a mysqld");
    }
}
