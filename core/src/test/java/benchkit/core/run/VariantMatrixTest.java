package benchkit.core.run;

import benchkit.core.run.plan.Variant;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The matrix of launched servers the CLI and the Java API share: points, labels, params, replicas. */
class VariantMatrixTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.load(VariantMatrixTest.class.getClassLoader());

    @TempDir
    Path dir;

    @Test
    void everyPointIsAVariantLabelledByWhatDiffers() throws Exception {
        Path lib = Files.createFile(dir.resolve("libmine.so"));     // a library path the catalog accepts
        List<Variant> variants = VariantMatrix.builder()
                .servers("mariadb-11.4", "system")
                .allocators("glibc", "mine=" + lib)
                .allocatorEnvironment("mine", "MINE_CONF", "arenas:2")
                .setting("innodb_spin_wait_delay", "6", "96")
                .setting("sync_binlog", "1")
                .param("client.cpus", "1")
                .build().variants(REGISTRY);

        assertEquals(List.of(
                "mariadb-11.4/glibc/innodb_spin_wait_delay=6", "mariadb-11.4/glibc/innodb_spin_wait_delay=96",
                "mariadb-11.4/mine/innodb_spin_wait_delay=6", "mariadb-11.4/mine/innodb_spin_wait_delay=96",
                "system/glibc/innodb_spin_wait_delay=6", "system/glibc/innodb_spin_wait_delay=96",
                "system/mine/innodb_spin_wait_delay=6", "system/mine/innodb_spin_wait_delay=96"),
                variants.stream().map(Variant::label).toList());
        Variant mine = variants.get(3);
        assertEquals(Map.of("allocator", "mine", "allocator.env.MINE_CONF", "arenas:2", "distribution", "mariadb-11.4",
                "client.cpus", "1", "mysqld.innodb_spin_wait_delay", "96", "mysqld.sync_binlog", "1"), mine.params());
        assertFalse(variants.get(0).params().containsKey("allocator.env.MINE_CONF"), "an allocator's tunables are its own");
        assertTrue(mine.serves("mysql") && !mine.serves("memcached"), "the launcher's protocol decides what runs on it");
    }

    @Test
    void axesNotGivenHaveOneValueTheEmbeddedServerWithGlibc() {
        List<Variant> variants = VariantMatrix.builder().build().variants(REGISTRY);
        assertEquals(1, variants.size());
        assertEquals("glibc", variants.get(0).label());
        assertEquals(benchkit.testing.DefaultTestLauncher.DEFAULT_DISTRIBUTION, variants.get(0).params().get("distribution"),
                "the default launcher's default server");
        assertEquals(List.of("glibc/cpus=0", "glibc/cpus=0-1"), VariantMatrix.builder().serverCpus("0", "0-1").build()
                .variants(REGISTRY).stream().map(Variant::label).toList());
    }

    @Test
    void theSameConfigurationTwiceIsTwoReplicas() {
        List<Variant> variants = VariantMatrix.builder().allocators("glibc", "glibc").build().variants(REGISTRY);
        assertEquals(List.of("glibc#1", "glibc#2"), variants.stream().map(Variant::label).toList());
        assertEquals("2", variants.get(1).params().get("replica"));
        assertEquals(List.of("glibc#1", "glibc#2", "glibc#3"), VariantMatrix.replicate(
                VariantMatrix.builder().build().variants(REGISTRY), 3).stream().map(Variant::label).toList());
    }

    @Test
    void badAxesAreOneLineErrors() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> VariantMatrix.builder().allocators("hoard").build().variants(REGISTRY));
        assertTrue(e.getMessage().startsWith("unknown allocator 'hoard'; valid: glibc"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> VariantMatrix.builder().setting("sync_binlog"));
        e = assertThrows(InvalidOptionException.class, () -> VariantMatrix.builder().setting("benchkit.keep-datadir", "true"));
        assertTrue(e.getMessage().contains("--keep-datadir"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> VariantMatrix.builder().servers(" "));
    }
}
