package benchkit.core.report;

import benchkit.core.result.VariantResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class VariantLineTest {
    @Test
    void groupsByParamsAndLabelsByWhatDiffers() {
        List<VariantLine> variants = VariantLine.group(JmhFixture.parse(JmhFixture.allocatorStudy("glibc")));
        assertEquals(List.of("allocator=glibc", "allocator=jemalloc"), variants.stream().map(VariantLine::label).toList());
        assertEquals(List.of(1, 4, 16), variants.get(1).results().stream().map(VariantResult::threads).toList());
        assertEquals(Map.of("allocator.proof", Set.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")),
                variants.get(1).evidence());
    }

    @Test
    void aSingleVariantWithoutTheRunsNameIsNamedAfterItsWorkload() {
        JmhFixture f = new JmhFixture()
                .entry("benchkit.oltp-read-write", 1, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 10, 1))
                .entry("benchkit.oltp-read-write", 2, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 18, 1));
        List<VariantLine> variants = VariantLine.group(JmhFixture.parse(f));
        assertEquals(1, variants.size());
        assertEquals("oltp-read-write", variants.get(0).label());
    }

    /** A run of one variant: its name, as the console called it (glibc), where the workload's name said nothing new. */
    @Test
    void aSingleVariantTheRunNamedHasThatName() {
        Map<String, benchkit.core.result.MetricResult> tps = JmhFixture.parse(new JmhFixture()
                .entry("benchkit.point-select", 8, Map.of(), JmhFixture.metrics("tps", 10, 1))).get(0).metrics();
        VariantResult glibc = new VariantResult("benchkit.point-select", "glibc", 8, Map.of(), Map.of("allocator", "glibc"), tps);
        assertEquals(List.of("glibc"), VariantLine.group(List.of(glibc)).stream().map(VariantLine::label).toList());
    }

    @Test
    void theNamesTheRunGaveAreTheLabelsWhenTheyTellTheVariantsApart() {
        Map<String, benchkit.core.result.MetricResult> tps = JmhFixture.parse(new JmhFixture()
                .entry("benchkit.point-select", 8, Map.of(), JmhFixture.metrics("tps", 10, 1))).get(0).metrics();
        VariantResult a = new VariantResult("benchkit.point-select", "mysql-5.7/innodb_spin_wait_delay=6", 8, Map.of(),
                Map.of("distribution", "mysql-5.7", "server", "MySQL 5.7.22", "mysqld.innodb_spin_wait_delay", "6"), tps);
        VariantResult b = new VariantResult("benchkit.point-select", "mysql-8.0/innodb_spin_wait_delay=6", 8, Map.of(),
                Map.of("distribution", "mysql-8.0", "server", "MySQL 8.0.15", "mysqld.innodb_spin_wait_delay", "6"), tps);
        assertEquals(List.of("mysql-5.7/innodb_spin_wait_delay=6", "mysql-8.0/innodb_spin_wait_delay=6"),
                VariantLine.group(List.of(a, b)).stream().map(VariantLine::label).toList());
        // a file without the run's names (or with one name for two groups): labels from the params that differ
        VariantResult c = new VariantResult(b.benchmark(), a.variant(), 8, Map.of(), b.params(), tps);
        assertEquals(List.of("distribution=mysql-5.7, server=MySQL 5.7.22", "distribution=mysql-8.0, server=MySQL 8.0.15"),
                VariantLine.group(List.of(a, c)).stream().map(VariantLine::label).toList());
    }
}
