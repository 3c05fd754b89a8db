package benchkit.core.report;

import benchkit.core.result.JmhResults;
import benchkit.spi.StandardMetrics;
import benchkit.core.result.MachineInfo;
import benchkit.core.result.ResultWriter;
import benchkit.core.result.RunInfo;
import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import benchkit.core.result.AtomicFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes {@code report.html} into a result directory: the answer first (each variant's effect against the
 * baseline, {@link EffectsTable}), then per workload small multiples of the studies' metrics against client
 * threads ({@link ReportCharts}), the published study beside the run when it repeats one ({@link PublishedBeside}),
 * the variants with their proof, every number, and the run's settings and machine folded away. The page is
 * self-contained (Chart.js inlined) and works offline.
 */
public final class HtmlReport {
    public static final String FILE_NAME = "report.html";
    public static final String CHARTJS_VERSION = "4.5.1";
    private static final String D3_VERSION = "7.9.0";
    private static final String D3 = "/META-INF/resources/webjars/d3/" + D3_VERSION + "/dist/d3.min.js";
    private static final String CHARTJS = "/META-INF/resources/webjars/chart.js/" + CHARTJS_VERSION + "/dist/chart.umd.min.js";

    private HtmlReport() {
    }

    /** As {@link #write(Path, Map)}, comparing no workloads across. */
    public static Path write(Path resultDir) throws IOException {
        return write(resultDir, Map.of());
    }

    /**
     * Reads a run's files ({@link ReportInput#read}) and writes {@code report.html} beside them atomically; workloads are
     * compared across with {@code baselineWorkloads} ({@link Compare.Settings#baselineWorkloads}).
     */
    public static Path write(Path resultDir, Map<String, String> baselineWorkloads) throws IOException {
        return write(resultDir, ReportInput.read(resultDir, baselineWorkloads));
    }

    /** The writer of a finished run's report, judged with the run's own settings (nothing read back from its files). */
    public static ResultWriter writer(ReportSettings settings) {
        return ResultWriter.of(FILE_NAME, run -> write(run.dir(), ReportInput.ofRun(run, settings)));
    }

    /** Draws {@code report.html} in {@code resultDir} from {@code input}. */
    public static Path write(Path resultDir, ReportInput input) throws IOException {
        String html = render(input, resultDir.toAbsolutePath().normalize().toString());
        return AtomicFiles.write(resultDir.resolve(FILE_NAME), html);
    }

    /** The whole page for {@code input}; {@code source} names where it came from. */
    static String render(ReportInput input, String source) {
        List<VariantResult> results = input.results();
        Optional<RunInfo> run = input.run();
        Optional<Study> study = input.study();
        List<FlameGraphs.Profile> profiles = input.profiles();
        List<OverTime.Series> overTime = input.overTime();
        List<VariantLine> variants = VariantLine.group(results);
        List<String> metrics = MetricCatalog.present(results);
        Set<String> benchmarks = new LinkedHashSet<>();
        variants.forEach(v -> benchmarks.add(VariantLine.shortName(v.benchmark())));
        String title = "benchkit report: " + (benchmarks.isEmpty() ? "no results" : String.join(", ", benchmarks));
        Optional<MachineInfo> machine = run.map(RunInfo::machine);
        List<ReportCharts.Section> sections = ReportCharts.sections(results, machine);
        List<Comparison> comparisons = comparisons(input);

        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(Html.escape(title)).append("</h1>\n")
                .append("<p class=\"sub\">").append(Html.escape(source)).append(" &middot; generated ")
                .append(Html.escape(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())).append("</p>\n");
        if (results.isEmpty()) {
            body.append("<p>The result file holds no entries.</p>\n");
        }
        // the answer, the charts per workload, the published study beside it, what was compared (with the
        // allocator proof) and every number; the settings, machine and common params fold away at the end
        study.ifPresent(s -> PublishedBeside.header(body, s));
        clientsNote(body, results);
        incompleteNote(body, run);
        invalidNote(body, run);
        EffectsTable.write(body, comparisons, ReportCharts.silentSomewhere(results, machine));
        machineNote(body, results, comparisons);
        settleNote(body, run);
        // one variant at one thread count: its numbers and its course over time say it all, not charts of one dot
        boolean single = results.size() == 1;
        if (single) {
            headline(body, results.get(0));
        } else {
            chartSection(body, sections);
        }
        EventKindsSection.write(body, variants, comparisons);
        overTimeSection(body, overTime, input.damagedLogs());
        Optional<String> baseline = profileBaseline(input.baseline(), comparisons, results, profiles);
        profileSection(body, results, profiles);
        study.ifPresent(s -> PublishedBeside.write(body, s, PublishedBeside.lines(s, results, comparisons)));
        variantSection(body, variants);
        numbersSection(body, variants, metrics);
        runSection(body, results, variants, run);

        Map<String, String> values = new LinkedHashMap<>();
        values.put("TITLE", Html.escape(title));
        values.put("CSS", Template.resource("/benchkit/report/report.css"));
        values.put("BODY", body.toString());
        values.put("DATA", Html.scriptJson(ReportCharts.data(single ? List.of() : sections)));
        values.put("CHARTJS_VERSION", CHARTJS_VERSION);
        values.put("CHARTJS", chartJs());
        values.put("SCRIPT", Template.resource("/benchkit/report/report.js"));
        values.put("OVERTIME", overTime.isEmpty() ? "" : "<script type=\"application/json\" id=\"overtime-data\">"
                + Html.scriptJson(OverTime.data(overTime)) + "</script>\n<script>\n"
                + Template.resource("/benchkit/report/overtime.js") + "\n</script>");
        values.put("FLAMEGRAPHS", profiles.isEmpty() ? "" : flameGraphScripts(FlameGraphs.data(profiles, baseline)));
        return Template.fill(Template.resource("/benchkit/report/report.html"), values);
    }

    /** Each variant against the baseline the run named, as the run's own summary judged them. */
    private static List<Comparison> comparisons(ReportInput input) {
        try {
            return Compare.againstBaseline(input.results(), input.baseline(), input.verdicts());
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    /** Chart.js, without its source map comment (the map is not shipped, the browser would ask for it). */
    public static String chartJs() {
        return inlinable("Chart.js " + CHARTJS_VERSION, Template.resource(CHARTJS));
    }

    private static void runSection(StringBuilder b, List<VariantResult> results, List<VariantLine> variants,
                                   Optional<RunInfo> run) {
        b.append("<details class=\"run\"><summary>Run settings, machine and common params</summary>\n")
                .append("<h2>Run</h2>\n<table class=\"kv\">\n");
        run.ifPresent(r -> {
            row(b, "started", r.startedAt());
            row(b, "finished", r.finishedAt());
            r.settings().forEach((k, v) -> row(b, k, v));
        });
        // JMH's own settings, as recorded in each entry
        Map<String, Set<String>> jmh = new LinkedHashMap<>();
        for (VariantResult r : results) {
            r.settings().forEach((k, v) -> jmh.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
        }
        jmh.forEach((k, v) -> row(b, k, String.join(", ", v)));
        row(b, "client threads", String.join(", ", results.stream().map(VariantResult::threads)
                .distinct().sorted().map(String::valueOf).toList()));
        commonParams(variants).forEach((k, v) -> row(b, k, v));
        b.append("</table>\n");

        Optional<MachineInfo> machine = run.map(RunInfo::machine);
        if (machine.isPresent()) {
            MachineInfo m = machine.get();
            b.append("<h2>Machine</h2>\n<table class=\"kv\">\n");
            row(b, "CPU", m.cpuModel());
            row(b, "CPUs", m.logicalCpus() + " logical, " + m.physicalCores() + " physical cores");
            row(b, "memory", m.memoryMb() > 0 ? m.memoryMb() + " MB" : MachineInfo.UNKNOWN);
            row(b, "kernel", m.kernel());
            row(b, "OS", m.os());
            row(b, "libc", m.libc());
            row(b, "JVM", m.jvm());
            b.append("</table>\n");
        } else {
            b.append("<p class=\"note\">No ").append(RunInfo.FILE_NAME).append(": machine unknown.</p>\n");
        }
        b.append("</details>\n");
    }

    /** Params with one value in every variant (e.g. the server when only the allocator varies). */
    private static Map<String, String> commonParams(List<VariantLine> variants) {
        Map<String, String> common = new TreeMap<>();
        if (variants.isEmpty()) {
            return common;
        }
        Map<String, Set<String>> values = new TreeMap<>();
        for (VariantLine v : variants) {
            for (VariantResult r : v.results()) {
                r.params().forEach((k, val) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(val));
            }
        }
        values.forEach((k, vals) -> {
            boolean everywhere = variants.stream().flatMap(v -> v.results().stream()).allMatch(r -> r.params().containsKey(k));
            if (vals.size() == 1 && everywhere) {
                common.put(k, vals.iterator().next());
            }
        });
        return common;
    }

    private static void variantSection(StringBuilder b, List<VariantLine> variants) {
        if (variants.isEmpty()) {
            return;
        }
        // only what sets the variants apart; params every variant shares are listed under the run settings
        // with one variant nothing differs: its params are the run's, under the run settings
        boolean differ = variants.size() > 1;
        Set<String> common = commonParams(variants).keySet();
        b.append("<h2>Variants</h2>\n<table>\n<tr><th>variant</th><th>benchmark</th>")
                .append(differ ? "<th>params that differ</th>" : "").append("<th>evidence</th></tr>\n");
        for (VariantLine v : variants) {
            List<String> params = new ArrayList<>();
            v.params().entrySet().stream().filter(e -> !common.contains(e.getKey()))
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> params.add(e.getKey() + "=" + e.getValue()));
            List<String> evidence = new ArrayList<>();
            v.evidence().forEach((k, vals) -> evidence.add(k + "=" + String.join(" | ", vals)));
            b.append("<tr><td>").append(Html.escape(v.label())).append("</td><td>").append(Html.escape(v.benchmark()))
                    .append("</td>").append(differ ? "<td>" + Html.escape(String.join(", ", params)) + "</td>" : "")
                    .append("<td>").append(Html.escape(String.join(", ", evidence))).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    /** A run merged from several client workers says so first: its thread counts are per worker. */
    /** Iterations that measured nothing they could claim: said first, as they were left out of every number below. */
    /** A run that did not end as planned says so above every number: they are those of the iterations that finished. */
    private static void incompleteNote(StringBuilder b, Optional<RunInfo> run) {
        String why = run.map(r -> r.settings().getOrDefault(RunInfo.INCOMPLETE, "")).orElse("");
        if (!why.isBlank()) {
            b.append("<div class=\"invalid\"><strong>This run did not end as planned</strong>: ").append(Html.escape(why))
                    .append(". The numbers below are those of the iterations that finished.</div>\n");
        }
    }

    private static void invalidNote(StringBuilder b, Optional<RunInfo> run) {
        String invalid = run.map(r -> r.settings().getOrDefault(RunInfo.INVALID, "")).orElse("");
        if (invalid.isBlank()) {
            return;
        }
        List<String> lines = invalid.lines().toList();
        int again = run.map(r -> r.settings().getOrDefault(RunInfo.MEASURED_AGAIN, "0")).map(v -> {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                return 0;
            }
        }).orElse(0);
        b.append("<div class=\"invalid\"><strong>").append(lines.size()).append(" invalid iteration")
                .append(lines.size() == 1 ? "" : "s").append(", left out of every number below</strong>")
                .append(again > 0 ? ", " + (again == lines.size() ? (again == 1 ? "it" : "each") : again + " of them")
                        + " measured again in an iteration of its own" : "")
                .append(" (a stalled server or a paused bench; see <code>--stall-limit</code>):<ul>\n");
        lines.forEach(l -> b.append("<li>").append(Html.escape(l)).append("</li>\n"));
        b.append("</ul></div>\n");
    }

    /** How busy the machine was with other work while the run measured, under the effects it may have widened. */
    private static void machineNote(StringBuilder b, List<VariantResult> results, List<Comparison> comparisons) {
        List<String> lines = MachineNoise.lines(results, comparisons);
        if (!lines.isEmpty()) {
            b.append("<p class=\"").append(lines.size() > 1 ? "invalid" : "note").append("\">");
            b.append(String.join("<br>", lines.stream().map(l -> Html.escape(l.replaceFirst("^# ", ""))).toList()));
            b.append("</p>\n");
        }
    }

    /** A run until settled says under its effects how many forks it took and what was still open when it stopped. */
    private static void settleNote(StringBuilder b, Optional<RunInfo> run) {
        Map<String, String> s = run.map(RunInfo::settings).orElse(Map.of());
        String how = s.get(RunInfo.UNTIL_SETTLED);
        if (how == null) {
            return;
        }
        String[] parts = how.split("; ", 2);
        String forks = s.getOrDefault("forks", "?");
        b.append("<p class=\"note\">Run until settled, ").append(Html.escape(parts[0])).append(": ")
                .append(Html.escape(forks)).append(forks.equals("1") ? " fork" : " forks").append("; ");
        String end = parts.length > 1 ? parts[1] : "";
        if (end.startsWith("open: ")) {
            b.append("still open when it stopped (the budget or its last look):<br>")
                    .append(String.join("<br>", java.util.Arrays.stream(end.substring(6).split("; (?=[^;]+ vs )"))
                            .map(Html::escape).toList()));
        } else {
            b.append("every throughput comparison settled");
        }
        b.append("</p>\n");
    }

    private static void clientsNote(StringBuilder b, List<VariantResult> results) {
        Set<String> clients = new java.util.TreeSet<>();
        results.forEach(r -> {
            String n = r.params().get("clients");
            if (n != null && !n.equals("1")) {
                clients.add(n);
            }
        });
        if (!clients.isEmpty()) {
            String n = String.join(" or ", clients);
            b.append("<p class=\"clients\">Load from ").append(Html.escape(n)).append(" client workers, started together at each trial ")
                    .append("and merged: the client threads are each worker's (").append(Html.escape(n))
                    .append(" &times; as many sessions in all); counts are the workers' sum, percentiles come from their added ")
                    .append("latency histograms, client CPU is their sum (<code>client.cpu.worker-I</code> each).</p>\n");
        }
    }

    private static void chartSection(StringBuilder b, List<ReportCharts.Section> sections) {
        if (sections.stream().allMatch(s -> s.metrics().isEmpty() && s.notes().isEmpty())) {
            return;
        }
        for (int w = 0; w < sections.size(); w++) {
            ReportCharts.Section s = sections.get(w);
            b.append("<h2 class=\"workload\">").append(Html.escape(s.workload())).append("</h2>\n<div class=\"legend\" id=\"legend-")
                    .append(w).append("\"></div>\n<div class=\"charts\">\n");
            for (int i = 0; i < s.metrics().size(); i++) {
                b.append("<div class=\"chart\"><canvas id=\"chart-").append(w).append('-').append(i)
                        .append("\" role=\"img\" aria-label=\"").append(Html.escape(s.workload() + ": "
                                + MetricCatalog.title(s.metrics().get(i)))).append(" against client threads\"></canvas></div>\n");
            }
            b.append("</div>\n");
            for (String note : s.notes()) {
                b.append("<p class=\"note\">").append(Html.escape(note)).append("</p>\n");
            }
        }
        b.append("<p class=\"note\">Charts: against client threads (log scale); bands: 95% intervals over forks ")
                .append("(over iterations when one fork ran, which says nothing about the next server).</p>\n");
    }

    /** The numbers of a run of one configuration, in a line. */
    private static void headline(StringBuilder b, VariantResult r) {
        List<String> parts = new ArrayList<>();
        double error = r.primary().error();
        // one measured iteration, or one fork (the interval is over forks), has none: JMH's NaN said so as "± NaN"
        parts.add(Double.isFinite(error)
                ? String.format(java.util.Locale.ROOT, "%,.1f tps &plusmn; %,.1f (99.9%%)", r.primary().score(), error)
                : String.format(java.util.Locale.ROOT, "%,.1f tps (%s)", r.primary().score(),
                        r.iterationCount() > 1 && r.forkCount() == 1 ? "one fork: no interval; --forks 2 or more gives one"
                                : "one iteration: no interval"));
        String[][] shown = {{"qps", "%,.1f qps"}, {"latency.p95", "p95 %.3f ms"}, {JmhResults.SERVER_CPU_PER_QUERY, "server CPU %.1f &micro;s/query"},
                {JmhResults.CLIENT_CPU_PER_QUERY, "bench's CPU %.1f &micro;s/query"}, {StandardMetrics.SERVER_RSS, "server RSS %.0f MB"}};
        for (String[] m : shown) {
            r.metric(m[0]).ifPresent(v -> parts.add(String.format(java.util.Locale.ROOT, m[1], v.score())));
        }
        b.append("<h2>").append(Html.escape(VariantLine.shortName(r.benchmark()))).append(": ").append(Html.escape(r.variant()))
                .append(", ").append(r.threads()).append(" threads</h2>\n<p class=\"headline\">").append(String.join(" &middot; ", parts))
                .append("</p>\n");
    }

    /** Each trial second by second: a stall, a drift, the warmup and the variants' slices show where they were. */
    private static void overTimeSection(StringBuilder b, List<OverTime.Series> overTime, List<String> damagedLogs) {
        if (overTime.isEmpty() && damagedLogs.isEmpty()) {
            return;
        }
        if (overTime.isEmpty()) {
            b.append("<h2>Over time</h2>\n");
        }
        for (String damaged : damagedLogs) {
            // the chart draws less than the run logged: said where it is drawn
            b.append("<p class=\"note\">").append(Html.escape(damaged)).append(".</p>\n");
        }
        if (overTime.isEmpty()) {
            return;
        }
        b.append("<h2>Over time</h2>\n<div class=\"charts\"><div class=\"chart wide\"><canvas id=\"overtime-rate\" role=\"img\" ")
                .append("aria-label=\"events per second over time\"></canvas></div>\n<div class=\"chart wide\"><canvas id=\"overtime-p95\" ")
                .append("role=\"img\" aria-label=\"p95 latency over time\"></canvas></div></div>\n<p class=\"note\">Each second ")
                .append("of each trial from its latency log (latency/*.hlog): one line per trial, coloured by variant; a gap is ")
                .append("the time its load paused while other variants had their slices.</p>\n");
    }

    /** Where the server's CPU went (--profile cpu): the shares per variant and thread count, and the flame graphs. */
    private static void profileSection(StringBuilder b, List<VariantResult> results, List<FlameGraphs.Profile> profiles) {
        if (profiles.isEmpty()) {
            return;
        }
        String[][] columns = {{StandardMetrics.SERVER_PROFILE_SAMPLES, "samples"}, {StandardMetrics.SERVER_CPU_ALLOCATOR, "allocator %"},
                {JmhResults.ALLOCATOR_PER_QUERY, "allocator \u00b5s/query"}, {StandardMetrics.SERVER_CPU_LOCKS, "locks %"},
                {StandardMetrics.SERVER_CPU_KERNEL, "kernel %"}};
        b.append("<h2>Where the server's CPU went</h2>\n<p class=\"note\">Sampled with perf during the measurement ")
                .append("iterations (shares of the server's on-CPU samples; the allocator counts malloc, free and what they ")
                .append("call, of whichever allocator was preloaded). Their effects against the baseline are in the table ")
                .append("above; each trial's folded stacks are in profiles/.</p>\n<table id=\"profile-shares\">\n<tr>")
                .append("<th>variant</th><th>threads</th>");
        for (String[] c : columns) {
            b.append("<th>").append(Html.escape(c[1])).append("</th>");
        }
        b.append("</tr>\n");
        for (VariantResult r : results) {
            if (r.metric(StandardMetrics.SERVER_CPU_ALLOCATOR).isEmpty()) {
                continue;
            }
            b.append("<tr><td>").append(Html.escape(r.variant())).append("</td><td>").append(r.threads()).append("</td>");
            for (String[] c : columns) {
                b.append("<td>").append(r.metric(c[0]).map(m -> String.format(java.util.Locale.ROOT,
                        c[0].endsWith("samples") ? "%.0f" : "%.2f", m.score())).orElse("-")).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n<p><label>Flame graph of <select id=\"flame-pick\">");
        for (FlameGraphs.Profile p : profiles) {
            b.append("<option>").append(Html.escape(p.key())).append("</option>");
        }
        b.append("</select></label> (click a frame to zoom)</p>\n<div id=\"flame-graph\" class=\"flame\"></div>\n")
                .append("<p class=\"note\" id=\"flame-diff-caption\"></p>\n<div id=\"flame-diff\" class=\"flame\"></div>\n");
    }

    /** The variant the differential flame graphs are drawn against: the run's baseline, among those profiled. */
    private static Optional<String> profileBaseline(Optional<String> runBaseline, List<Comparison> comparisons,
                                                    List<VariantResult> results, List<FlameGraphs.Profile> profiles) {
        Set<String> profiled = new LinkedHashSet<>();
        profiles.forEach(p -> profiled.add(p.variant()));
        List<String> named = new java.util.ArrayList<>();
        runBaseline.ifPresent(named::add);
        comparisons.stream().findFirst().ifPresent(c -> named.add(c.baseline()));
        results.stream().findFirst().ifPresent(r -> named.add(r.variant()));
        return named.stream().filter(profiled::contains).findFirst();
    }

    /** d3 and d3-flame-graph with the data they draw: only in the report of a profiled run (d3 alone is 280 kB). */
    private static String flameGraphScripts(Map<String, Object> data) {
        return "<script type=\"application/json\" id=\"flame-data\">" + Html.scriptJson(data) + "</script>\n"
                + "<style>\n" + Template.resource("/benchkit/report/vendor/d3-flamegraph.css") + "\n</style>\n"
                + "<script>\n/* d3 " + D3_VERSION + " (ISC License, https://d3js.org), inlined so the report works offline. */\n"
                + inlinable("d3", Template.resource(D3)) + "\n</script>\n"
                + "<script>\n/* d3-flame-graph 5.0.0 (Apache License 2.0, https://github.com/spiermar/d3-flame-graph). */\n"
                + inlinable("d3-flame-graph", Template.resource("/benchkit/report/vendor/d3-flamegraph.umd.min.js"))
                + "\n</script>\n<script>\n" + Template.resource("/benchkit/report/flamegraphs.js") + "\n</script>\n";
    }

    /** A library's code as a script element may hold it: without its source map comment (the map is not shipped). */
    private static String inlinable(String name, String js) {
        js = js.replaceAll("//# sourceMappingURL=\\S*", "");
        if (js.toLowerCase(java.util.Locale.ROOT).contains("</script") || js.contains("<!--")) {
            throw new IllegalStateException(name + " cannot be inlined as it is (contains </script or <!--)");
        }
        return js;
    }

    private static void numbersSection(StringBuilder b, List<VariantLine> variants, List<String> metrics) {
        if (variants.isEmpty()) {
            return;
        }
        b.append("<h2>All numbers</h2>\n<p class=\"note\">score &plusmn; 99.9% confidence half-width</p>\n")
                .append("<div class=\"scroll\"><table id=\"numbers\">\n<tr><th>variant</th><th>threads</th>");
        for (String metric : metrics) {
            String unit = variants.stream().flatMap(v -> v.results().stream())
                    .flatMap(r -> r.metric(metric).stream()).map(MetricResult::unit)
                    .filter(u -> !u.isEmpty()).findFirst().orElse("");
            b.append("<th>").append(Html.escape(metric)).append(unit.isEmpty() ? "" : " (" + Html.escape(unit) + ")").append("</th>");
        }
        b.append("</tr>\n");
        for (VariantLine v : variants) {
            for (VariantResult r : v.results()) {
                b.append("<tr><td>").append(Html.escape(v.label())).append("</td><td class=\"num\">").append(r.threads()).append("</td>");
                for (String metric : metrics) {
                    b.append("<td class=\"num\">").append(Html.escape(r.metric(metric).map(Numbers::withError).orElse("")))
                            .append("</td>");
                }
                b.append("</tr>\n");
            }
        }
        b.append("</table></div>\n");
    }

    private static void row(StringBuilder b, String key, String value) {
        b.append("<tr><th>").append(Html.escape(key)).append("</th><td>")
                .append(Html.escape(Objects.toString(value, MachineInfo.UNKNOWN))).append("</td></tr>\n");
    }
}
