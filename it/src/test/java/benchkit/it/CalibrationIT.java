package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The statistics engine on real servers: A/A runs (one configuration as two variants) must not invent
 * differences, and a large known effect (the server on 1 CPU against 2) must be found, with its interval.
 */
class CalibrationIT {
    private static final String[] SHORT = {"--server", "system", "--workload", "point-select", "--threads", "8",
            "--table-size", "2000", "--forks", "3", "--warmup-time", "1", "--time", "2", "--iterations", "3",
            "--report-interval", "0"};

    @TempDir
    Path dir;

    /**
     * Three real A/A runs at the default verdict settings. A run's verdicts are judged as a family at a 5% false
     * discovery rate, so a run claims anything at all with a chance of at most 5% when nothing differs: two
     * claiming runs of three would happen by chance less than once in a hundred CI runs (3 x 0.05^2). Each run's
     * throughput rows are paired by fork. The third run runs until settled (--budget 90s): it looks after every
     * fork from the third and may stop at any look, and its repeated intervals must hold the same rate.
     */
    @Test
    void aaRunsClaimNoDifference() throws Exception {
        int rows = 0;
        int claimingRuns = 0;
        List<String> claims = new ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            Path out = dir.resolve("aa" + run);
            boolean sequential = run == 3;
            BenchJar.Result r = BenchJar.run(dir, 600, BenchJar.args(new String[] {"calibrate", "--out", out.toString()},
                    sequential ? untilSettled("90s") : SHORT));
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("# A/A calibration: 95% intervals"), r.out());
            assertTrue(r.out().contains("# Runs (one per workload) that claimed anything: "), r.out());
            assertTrue(r.out().contains("Iteration   1 [glibc#2]:"), "replicas interleave: " + r.out());
            boolean claimed = false;
            for (JsonNode row : compareJson(out)) {
                rows++;
                String verdict = row.get("verdict").asText();
                if (!verdict.equals("same") && !verdict.equals("inconclusive")) {
                    claimed = true;
                    claims.add("run " + run + " " + row.get("metric").asText() + ": " + row.get("summary").asText());
                }
                if (row.get("metric").asText().equals("tps")) {
                    assertTrue(row.get("paired").asBoolean());
                    int forks = row.get("forks_baseline").asInt();
                    assertTrue(sequential ? forks >= 3 : forks == 3, "forks: " + forks);
                }
            }
            claimingRuns += claimed ? 1 : 0;
            if (sequential) {
                assertTrue(r.out().contains("# Until settled: a fork takes "), r.out());
                assertTrue(r.out().contains("run until settled, looking after each fork from 3 to "), r.out());
            }
        }
        assertTrue(rows >= 30, "rows compared: " + rows);
        assertTrue(claimingRuns <= 1, claimingRuns + " of 3 A/A runs claimed a difference (" + claims.size() + " of " + rows
                + " comparisons): " + claims);
    }

    /**
     * The server on 1 CPU against 2, run until settled: slower, with a repeated interval that excludes no change,
     * and the run stops at the look that settles it, before its budget (fixed 3-fork runs held back -23.0%
     * [-37.0, -5.7] among 18 rows in CI; 5 fixed forks settled it).
     */
    @Test
    void oneCpuAgainstTwoIsSlower() throws Exception {
        Path out = dir.resolve("cpus");
        BenchJar.Result r = BenchJar.run(dir, 900, BenchJar.args(new String[] {"--server-cpus", "2,1", "--out", out.toString()},
                untilSettled("6m")));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("# Effects against the baseline"), r.out());
        assertTrue(r.out().contains("# Settled after fork "), "stops when settled: " + r.out());
        JsonNode tps = null;
        for (JsonNode row : compareJson(out)) {
            if (row.get("metric").asText().equals("tps")) {
                tps = row;
            }
        }
        assertTrue(tps != null, "a tps row");
        assertEquals("slower", tps.get("verdict").asText(), tps.toString());
        assertTrue(tps.get("ci_high").asDouble() < 1, tps.toString());
        assertTrue(tps.get("candidate").asText().contains("0"), "the 1-CPU variant is the candidate: " + tps);
        assertTrue(tps.get("forks_baseline").asInt() >= 3, tps.toString());
    }

    /** The short design without its fixed forks, run until settled within {@code budget}. */
    private static String[] untilSettled(String budget) {
        List<String> args = new ArrayList<>(List.of(SHORT));
        int forks = args.indexOf("--forks");
        args.remove(forks + 1);
        args.remove(forks);
        args.addAll(List.of("--budget", budget));
        return args.toArray(String[]::new);
    }

    /**
     * Two workloads until settled share one budget: each gets an equal share of what is left when it starts, and
     * the combined results are judged with the most looks either made, never as a fixed design.
     */
    @Test
    void twoWorkloadsShareTheBudgetAndTheCombinedVerdictsKeepTheLooks() throws Exception {
        Path out = dir.resolve("two");
        List<String> args = new ArrayList<>(List.of(untilSettled("80s")));
        args.set(args.indexOf("point-select"), "point-select,oltp-read-only");
        args.addAll(List.of("--allocator", "glibc,jemalloc", "--out", out.toString()));
        BenchJar.Result r = BenchJar.run(dir, 600, args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().matches("(?s).*forks: until settled, within (39|40) s .*"), "half the budget first: " + r.out());
        Matcher second = Pattern.compile("forks: until settled, within (?:(\\d+) min ?)?(?:(\\d+) s)? \\(").matcher(r.out());
        assertTrue(second.find() && second.find(), "the second workload's share: " + r.out());
        int seconds = (second.group(1) == null ? 0 : 60 * Integer.parseInt(second.group(1)))
                + (second.group(2) == null ? 0 : Integer.parseInt(second.group(2)));
        assertTrue(seconds < 75, "the last workload gets what is left of 80 s, not all of it: " + r.out());
        ObjectMapper json = new ObjectMapper();
        for (String workload : new String[]{"point-select", "oltp-read-only"}) {
            JsonNode settings = json.readTree(out.resolve(workload).resolve("run.json").toFile()).path("settings");
            assertTrue(settings.path("sequential-looks").asText().matches("3\\.\\.[0-9]+ hsd\\(-4\\)"), workload + ": " + settings);
        }
        JsonNode combined = json.readTree(out.resolve("run.json").toFile()).path("settings");
        assertTrue(combined.path("sequential-looks").asText().matches("3\\.\\.[0-9]+ hsd\\(-4\\)"), "the combined run: " + combined);
        assertTrue(r.out().contains("# Combined results of point-select, oltp-read-only"), r.out());
        // the combined report says it was a run until settled, within the command's whole budget
        assertTrue(combined.path("until-settled").asText().matches("within 1 min 20 s; (settled|open: .*)"), combined.toString());
        assertTrue(Files.readString(out.resolve("report.html")).contains("Run until settled, within 1 min 20 s: "),
                "the combined report's note");
    }

    private JsonNode compareJson(Path out) throws Exception {
        BenchJar.Result c = BenchJar.run(dir, 60, "compare", out.toString(), "--json");
        assertEquals(0, c.exit(), c.all());
        JsonNode rows = new ObjectMapper().readTree(c.out());
        assertTrue(rows.isArray() && rows.size() > 0, c.out());
        return rows;
    }

}
