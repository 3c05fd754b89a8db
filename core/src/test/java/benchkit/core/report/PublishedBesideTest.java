package benchkit.core.report;

import benchkit.core.result.IterationRecord;
import benchkit.core.result.JmhJsonWriter;
import benchkit.core.result.JmhResults;
import benchkit.core.result.Journal;
import benchkit.core.result.JournalReader;
import benchkit.core.result.RunDescription;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.result.TrialRecord;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Effect;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.NestedSample;
import benchkit.core.stats.Verdict;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A study's published findings as data, and each beside what a run measured. */
class PublishedBesideTest {
    private static final String STUDY = """
            {"title": "A. jemalloc (2013)", "original": "24 threads", "here": "2 cores",
             "conclusion": "jemalloc: more QPS, less RSS",
             "published": [
               {"workload": "oltp-read-only", "candidate": "jemalloc", "baseline": "glibc", "metric": "tps", "effect": 25, "says": "up to 25% more"},
               {"workload": "oltp-read-only", "candidate": "jemalloc", "baseline": "glibc", "metric": "server.rss", "threads": 1, "effect": -12.5, "says": "12% less RSS"},
               {"workload": "oltp-read-only", "candidate": "jemalloc", "baseline": "glibc", "metric": "latency.p95", "effect": 30, "says": "slower?"},
               {"workload": "point-select", "candidate": "jemalloc", "baseline": "glibc", "metric": "tps", "effect": 5, "says": "not run"},
               {"workload": "oltp-read-only", "metric": "server.rss", "value": 500, "unit": "MB", "says": "about 500 MB"}]}
            """;

    @Test
    void eachFindingBesideTheComparisonOfTheSameVariants(@TempDir Path dir) throws Exception {
        Study study = Study.parse(new ObjectMapper().readTree(STUDY), "test");
        List<VariantResult> results = JmhFixture.parse(JmhFixture.allocatorStudy("glibc"));
        List<Comparison> comparisons = Compare.againstBaseline(results, Optional.empty(), Compare.Settings.DEFAULT);
        List<PublishedBeside.Line> lines = PublishedBeside.lines(study, results, comparisons);
        assertEquals(4, lines.size(), "the point-select finding concerns no workload here");
        // "up to": at the thread count where jemalloc went furthest up (16 threads, +26.7%), inside no interval of +25%
        PublishedBeside.Line tps = lines.get(0);
        assertTrue(tps.here().startsWith("faster +26.7%") && tps.here().contains("at 16 threads"), tps.here());
        assertTrue(tps.here().contains("+2.0% to +26.7% over 3 thread counts"), tps.here());
        assertEquals("+25.0%: up to 25% more", tps.published());
        assertEquals("same direction, larger here", tps.reading());
        // at the published thread count, the interval [-12.5, -12.5] holds the published -12.5%
        assertTrue(lines.get(1).here().startsWith("better -12.5%") && lines.get(1).here().contains("at 1 threads"), lines.get(1).here());
        assertEquals("agrees", lines.get(1).reading());
        assertEquals("opposite here", lines.get(2).reading(), "p95 went down, the study said up");
        assertTrue(lines.get(3).here().startsWith("up to 520 MB (allocator=glibc, 16 threads)"), lines.get(3).here());

        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        study.writeTo(dir);
        assertEquals(study, Study.read(dir).orElseThrow(), "study.json round-trips");
        String html = Files.readString(HtmlReport.write(dir));
        assertTrue(html.indexOf("A. jemalloc (2013)") < html.indexOf("<h2 id=\"effects\">"), "the study's question on top");
        assertTrue(html.contains("<h2 id=\"published\">Published beside here</h2>"), "the findings table");
        assertTrue(html.contains("<td>same direction, larger here</td>"), "with its reading");
    }

    @Test
    void readingsOfSameInconclusiveAndNoFigure() throws Exception {
        List<VariantResult> results = JmhFixture.parse(JmhFixture.allocatorStudy("glibc"));
        Comparison c = Compare.againstBaseline(results, Optional.empty(), Compare.Settings.DEFAULT).get(0);
        var sameAt1 = c.row("tps", 1).orElseThrow().judgement();          // +2.0% [+2.0, +2.0] -> same within 2.1%
        assertEquals("agrees: no difference", PublishedBeside.reading(finding(0.0), sameAt1));
        assertEquals("not reproduced: same here", PublishedBeside.reading(finding(25.0), sameAt1));
        assertEquals("no published figure to compare", PublishedBeside.reading(finding(null), sameAt1));

        // a run until settled that stopped with an open interval: it may still rule out the published effect
        Effect open = new Effect(1.01, 0.98, 1.025, 0.95, sameAt1.effect().method(), true, 7, 7, 28, 28, 0.03, "");
        var inconclusive = Judgement.heldBack(open, 0.02, java.util.OptionalInt.empty(), "");
        assertEquals(Verdict.INCONCLUSIVE, inconclusive.verdict());
        assertEquals("not reproduced: the interval excludes it", PublishedBeside.reading(finding(25.0), inconclusive));
        assertEquals("not settled here", PublishedBeside.reading(finding(2.5), inconclusive), "+2.5% is still inside");
        Effect none = Effect.unknown("one fork", 1.01, 0.95, sameAt1.effect().method(), true,
                NestedSample.of(List.of(new double[]{1})), NestedSample.of(List.of(new double[]{1})));
        assertEquals("not settled here", PublishedBeside.reading(finding(25.0),
                Judgement.heldBack(none, 0.02, java.util.OptionalInt.empty(), "")), "no interval excludes nothing");
    }

    @Test
    void badStudiesAreOneLineErrors() throws Exception {
        ObjectMapper json = new ObjectMapper();
        var noTitle = assertThrows(IllegalArgumentException.class, () -> Study.parse(json.readTree("{\"published\": []}"), "s.json"));
        assertEquals("s.json: the study needs a \"title\"", noTitle.getMessage());
        var halfEffect = assertThrows(IllegalArgumentException.class, () -> Study.parse(json.readTree(
                "{\"title\": \"t\", \"published\": [{\"metric\": \"tps\", \"says\": \"x\", \"candidate\": \"a\"}]}"), "s.json"));
        assertEquals("s.json: study.published[1]: an effect needs both \"candidate\" and \"baseline\"", halfEffect.getMessage());
        var textEffect = assertThrows(IllegalArgumentException.class, () -> Study.parse(json.readTree(
                "{\"title\": \"t\", \"published\": [{\"metric\": \"tps\", \"says\": \"x\", \"value\": \"25%\"}]}"), "s.json"));
        assertTrue(textEffect.getMessage().contains("\"value\" must be a number"), textEffect.getMessage());
    }

    @Test
    void aSideIsNamedByItsLabelAPartOrAKeyValue() {
        assertTrue(PublishedBeside.names("allocator=jemalloc, server.cpus=1", "jemalloc"));
        assertTrue(PublishedBeside.names("allocator=jemalloc, server.cpus=1", "allocator=jemalloc"));
        assertTrue(PublishedBeside.names("mysql-8.0, innodb_spin_wait_delay=6", "distribution=mysql-8.0"));
        assertTrue(PublishedBeside.names("memcached-get", "memcached-get"));
        assertTrue(PublishedBeside.names("mysql-8.0/innodb_spin_wait_delay=6", "distribution=mysql-8.0"), "a run-named variant");
        assertTrue(!PublishedBeside.names("allocator=jemalloc", "glibc"));
        assertTrue(!PublishedBeside.names("sql-kv-get", "memcached-get"));
    }

    @Test
    void memslapsTimeComesFromTheEventsPerThreadTheWorkloadFixedNotFromAnOptionName(@TempDir Path dir) throws Exception {
        // memcached-set as memslap runs it: 5,000 events per thread at 4 threads; its options name no event count
        RunDescription run = new RunDescription("memcached-set", Map.of("keys", "2000"), List.of("memcached"),
                Map.of("memcached", Map.of()), List.of(4), 2, 0, Duration.ZERO, 1, Duration.ofSeconds(1), 0, 0, 5000);
        List<TrialRecord> trials = new ArrayList<>();
        for (int fork = 1; fork <= 2; fork++) {
            // 20,000 events in 2 s: 10,000 events/s
            trials.add(new TrialRecord("memcached", Map.of(), "memcached 1.6", 4, fork, List.of(new IterationRecord(1, false,
                    2_000_000_000L, 20_000, 0, 0, 20_000, 20_000, 0, 1, 1, 1, 1, List.of()))));
        }
        try (Journal journal = Journal.open(dir)) {
            journal.start(run);
        }
        assertEquals(5000, JournalReader.read(dir).run().eventsPerThread(), "bench merge reads it back from the journal");
        new JmhJsonWriter().write(RunRecord.of(dir, "memcached-set", JmhResults.build(run, trials),
                RunInfo.endingNow(null, Map.of())));
        VariantResult read = JmhResultReader.readDirectory(dir).get(0);
        assertEquals(5000, read.eventsPerThread());

        Study study = Study.parse(new ObjectMapper().readTree("""
                {"title": "D", "published": [{"workload": "memcached-set", "variant": "memcached",
                 "metric": "memslap.seconds", "threads": 4, "value": 5.078, "unit": "s", "says": "native"}]}
                """), "test");
        List<PublishedBeside.Line> lines = PublishedBeside.lines(study, List.of(read), List.of());
        assertEquals("2 s for 20,000 events (5,000 per thread)", lines.get(0).here());
    }

    private static Study.Finding finding(Double effect) {
        return new Study.Finding("oltp-read-only", "jemalloc", "glibc", "tps", null, effect, null, "", "says");
    }

}
