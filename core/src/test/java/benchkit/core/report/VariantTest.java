package benchkit.core.report;

import benchkit.core.result.BenchmarkResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class VariantTest {
    @Test
    void groupsByParamsAndLabelsByWhatDiffers() {
        List<Variant> variants = Variant.group(JmhFixture.parse(JmhFixture.allocatorStudy("glibc")));
        assertEquals(List.of("allocator=glibc", "allocator=jemalloc"), variants.stream().map(Variant::label).toList());
        assertEquals(List.of(1, 4, 16), variants.get(1).results().stream().map(BenchmarkResult::threads).toList());
        assertEquals(Map.of("allocator.proof", Set.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")),
                variants.get(1).evidence());
    }

    @Test
    void aSingleVariantIsNamedAfterItsWorkload() {
        JmhFixture f = new JmhFixture()
                .entry("benchkit.oltp-read-write", 1, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 10, 1))
                .entry("benchkit.oltp-read-write", 2, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 18, 1));
        List<Variant> variants = Variant.group(JmhFixture.parse(f));
        assertEquals(1, variants.size());
        assertEquals("oltp-read-write", variants.get(0).label());
    }
}
