package benchkit.core.report;

import benchkit.spi.StandardMetrics;
import benchkit.core.result.MachineInfo;
import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What report.html charts, per workload: small multiples of the studies' metrics against client threads,
 * one line per variant with its 95% interval over forks as a band, never two workloads on one axis. A
 * metric that says nothing is named in a line instead of charted: one that is zero in every result
 * (errors), VSZ that is reserved address space rather than memory (larger than the machine's memory), QPS
 * that equals TPS (one query per event).
 */
final class ReportCharts {
    /** A VSZ above this is address space reserved, not memory, when the machine's memory is unknown. */
    private static final double RESERVED_VSZ_MB = 1024 * 1024;
    private static final double BAND_CONFIDENCE = 0.95;

    /** One workload's charts and the notes on the metrics it does not chart. */
    record Section(String workload, List<VariantLine> variants, List<String> metrics, List<String> notes) {
    }

    private ReportCharts() {
    }

    static List<Section> sections(List<VariantResult> all, Optional<MachineInfo> machine) {
        Map<String, List<VariantLine>> byWorkload = VariantLine.groupPerBenchmark(all);
        List<Section> sections = new ArrayList<>();
        for (var e : byWorkload.entrySet()) {
            List<VariantResult> results = e.getValue().stream().flatMap(v -> v.results().stream()).toList();
            List<String> metrics = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            for (String metric : EffectSummary.HEADLINE) {
                silence(metric, results, machine).ifPresentOrElse(notes::add, () -> {
                    if (results.stream().anyMatch(r -> r.metrics().containsKey(metric))) {
                        metrics.add(metric);
                    }
                });
            }
            List<String> zero = new ArrayList<>();
            for (String metric : MetricCatalog.present(results)) {
                if (!EffectSummary.HEADLINE.contains(metric) && !MachineNoise.isCondition(metric) && allZero(scores(metric, results))) {
                    zero.add(MetricCatalog.title(metric).toLowerCase(Locale.ROOT));
                }
            }
            if (!zero.isEmpty()) {
                notes.add(capitalized(String.join(", ", zero)) + ": 0 in every result.");
            }
            sections.add(new Section(VariantLine.shortName(e.getKey()), e.getValue(), metrics, notes));
        }
        return sections;
    }

    /**
     * Metrics silent in some workload: the effects table leaves them out (a VSZ effect against reserved
     * address space means nothing; QPS that equals TPS repeats it; where QPS differs, its effect is TPS's).
     */
    static List<String> silentSomewhere(List<VariantResult> results, Optional<MachineInfo> machine) {
        Map<String, List<VariantResult>> byWorkload = new LinkedHashMap<>();
        results.forEach(r -> byWorkload.computeIfAbsent(r.benchmark(), k -> new ArrayList<>()).add(r));
        return EffectSummary.HEADLINE.stream()
                .filter(m -> byWorkload.values().stream().anyMatch(rs -> silence(m, rs, machine).isPresent()))
                .toList();
    }

    /** Why a metric says nothing in these results, or empty when it is worth a chart. */
    static Optional<String> silence(String metric, List<VariantResult> results, Optional<MachineInfo> machine) {
        List<Double> scores = scores(metric, results);
        if (scores.isEmpty()) {
            return Optional.empty();
        }
        if (allZero(scores)) {
            return Optional.of(MetricCatalog.title(metric) + ": 0 in every result.");
        }
        if (metric.equals(StandardMetrics.SERVER_VSZ)) {
            double memoryMb = machine.map(MachineInfo::memoryMb).filter(m -> m > 0).map(Long::doubleValue).orElse(RESERVED_VSZ_MB);
            double max = scores.stream().mapToDouble(Double::doubleValue).max().orElse(0);
            if (max > memoryMb) {
                return Optional.of("Server VSZ: " + bytes(max) + " of address space reserved (more than the machine's "
                        + (memoryMb == RESERVED_VSZ_MB ? "likely memory" : bytes(memoryMb) + " of memory")
                        + "), not memory in use; not charted, see RSS.");
            }
        }
        if (metric.equals("qps") && results.stream().allMatch(r -> r.metric("qps").isPresent()
                && Math.abs(r.metric("qps").get().score() - r.primary().score()) <= 1e-3 * Math.abs(r.primary().score()))) {
            return Optional.of("QPS equals TPS (one query per event); charted as TPS.");
        }
        return Optional.empty();
    }

    /** The chart data of report.js: per section, per metric, per variant the points {x, y, lo, hi}. */
    static Map<String, Object> data(List<Section> sections) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Section s : sections) {
            List<Map<String, Object>> charts = new ArrayList<>();
            for (String metric : s.metrics()) {
                List<Map<String, Object>> series = new ArrayList<>();
                String unit = "";
                for (int v = 0; v < s.variants().size(); v++) {
                    List<Map<String, Object>> points = new ArrayList<>();
                    for (VariantResult r : s.variants().get(v).results()) {
                        Optional<MetricResult> m = r.metric(metric);
                        if (m.isEmpty() || !Double.isFinite(m.get().score())) {
                            continue;
                        }
                        unit = unit.isEmpty() ? m.get().unit() : unit;
                        Map<String, Object> p = new LinkedHashMap<>();
                        p.put("x", r.threads());
                        p.put("y", m.get().score());
                        band(m.get()).ifPresent(b -> {
                            p.put("lo", b[0]);
                            p.put("hi", b[1]);
                        });
                        points.add(p);
                    }
                    if (!points.isEmpty()) {
                        series.add(Map.of("variant", v, "points", points));
                    }
                }
                Map<String, Object> chart = new LinkedHashMap<>();
                chart.put("title", MetricCatalog.title(metric));
                chart.put("unit", MetricCatalog.displayUnit(unit));
                chart.put("series", series);
                charts.add(chart);
            }
            Map<String, Object> section = new LinkedHashMap<>();
            section.put("workload", s.workload());
            section.put("variants", s.variants().stream().map(VariantLine::label).toList());
            section.put("charts", charts);
            out.add(section);
        }
        return Map.of("sections", out);
    }

    /**
     * The 95% t interval of the mean over fork means (forks are the replicates); with one fork, over its
     * iterations, which says nothing about the next fresh server. Empty with fewer than two values.
     */
    static Optional<double[]> band(MetricResult m) {
        List<double[]> forks = m.rawData();
        double[] values = forks.size() >= 2
                ? forks.stream().mapToDouble(f -> java.util.Arrays.stream(f).average().orElse(Double.NaN)).toArray()
                : forks.isEmpty() ? new double[0] : forks.get(0);
        if (values.length < 2) {
            return Optional.empty();
        }
        org.apache.commons.math3.stat.descriptive.SummaryStatistics stats = new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (double v : values) {
            stats.addValue(v);
        }
        double half = new TDistribution(values.length - 1).inverseCumulativeProbability(0.5 + BAND_CONFIDENCE / 2)
                * stats.getStandardDeviation() / Math.sqrt(values.length);
        return Double.isFinite(half) ? Optional.of(new double[] {stats.getMean() - half, stats.getMean() + half}) : Optional.empty();
    }

    private static List<Double> scores(String metric, List<VariantResult> results) {
        return results.stream().flatMap(r -> r.metric(metric).stream()).map(MetricResult::score).toList();
    }

    private static boolean allZero(List<Double> scores) {
        return !scores.isEmpty() && scores.stream().allMatch(s -> s == 0);
    }

    /** MB as a readable size, e.g. {@code 8.39 TB}. */
    static String bytes(double mb) {
        return mb >= 1e6 ? String.format(Locale.ROOT, "%.2f TB", mb / 1e6)
                : mb >= 1e3 ? String.format(Locale.ROOT, "%.1f GB", mb / 1e3) : String.format(Locale.ROOT, "%.0f MB", mb);
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
