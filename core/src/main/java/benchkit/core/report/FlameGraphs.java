package benchkit.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The report's flame graphs, from the folded stacks a run with {@code --profile cpu} wrote to {@code profiles/}:
 * per variant and thread count (its forks added), and each against the baseline at the same thread count as a
 * differential one (red where the variant spends more of its CPU, blue where less, as Brendan Gregg's are drawn).
 * Drawn by d3-flame-graph in the page; frames under {@value #MIN_SHARE} of the samples are left out to keep the
 * page small (their samples stay in their parents).
 */
final class FlameGraphs {
    static final String DIR = "profiles";
    private static final double MIN_SHARE = 0.001;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One variant at one thread count: its stacks, folded, summed over its forks. */
    public record Profile(String variant, int threads, Map<String, Long> stacks) {
        long samples() {
            return stacks.values().stream().mapToLong(Long::longValue).sum();
        }

        String key() {
            return variant + " @ " + threads;
        }
    }

    private FlameGraphs() {
    }

    /** The profiles in {@code resultDir}, in the order of their variants' first appearance; empty without any. */
    static List<Profile> read(Path resultDir) throws IOException {
        Path dir = resultDir.resolve(DIR);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        Map<String, Profile> byKey = new LinkedHashMap<>();
        List<Path> summaries;
        try (Stream<Path> files = Files.list(dir)) {
            summaries = files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        for (Path summary : summaries) {
            Path folded = Path.of(summary.toString().replaceFirst("\\.json$", ".folded"));
            if (!Files.exists(folded)) {
                continue;
            }
            JsonNode s = JSON.readTree(summary.toFile());
            Profile p = byKey.computeIfAbsent(s.path("variant").asText() + "\u0000" + s.path("threads").asInt(),
                    k -> new Profile(s.path("variant").asText(), s.path("threads").asInt(), new TreeMap<>()));
            for (String line : Files.readAllLines(folded)) {
                int space = line.lastIndexOf(' ');
                if (space > 0) {
                    try {
                        p.stacks().merge(line.substring(0, space), Long.parseLong(line.substring(space + 1)), Long::sum);
                    } catch (NumberFormatException notAStackLine) {
                        // a line another tool added; not ours to read
                    }
                }
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /** The data the page draws: each profile's tree, and its differential tree against {@code baseline}'s. */
    static Map<String, Object> data(List<Profile> profiles, Optional<String> baseline) {
        Map<String, Object> data = new LinkedHashMap<>();
        String base = baseline.orElse(profiles.isEmpty() ? "" : profiles.get(0).variant());
        data.put("baseline", base);
        List<Map<String, Object>> graphs = new ArrayList<>();
        for (Profile p : profiles) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("key", p.key());
            g.put("variant", p.variant());
            g.put("threads", p.threads());
            g.put("samples", p.samples());
            g.put("tree", tree(p, null));
            profiles.stream().filter(b -> b.variant().equals(base) && b.threads() == p.threads() && b != p).findFirst()
                    .ifPresent(b -> g.put("diff", tree(p, b)));
            graphs.add(g);
        }
        data.put("graphs", graphs);
        return data;
    }

    /** A node: name, inclusive samples, children; with {@code delta} against {@code baseline} scaled to these samples. */
    private static Map<String, Object> tree(Profile p, Profile baseline) {
        Node root = Node.of(p.stacks());
        Node base = baseline == null ? null : Node.of(baseline.stacks());
        double scale = base == null || base.value == 0 ? 0 : (double) root.value / base.value;
        return root.toMap("all", base, scale, Math.max(1, (long) (root.value * MIN_SHARE)));
    }

    private static final class Node {
        long value;
        final Map<String, Node> children = new LinkedHashMap<>();

        static Node of(Map<String, Long> stacks) {
            Node root = new Node();
            stacks.forEach((stack, n) -> {
                Node at = root;
                at.value += n;
                for (String frame : stack.split(";")) {
                    at = at.children.computeIfAbsent(frame, f -> new Node());
                    at.value += n;
                }
            });
            return root;
        }

        Map<String, Object> toMap(String name, Node baseline, double scale, long min) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("value", value);
            if (baseline != null || scale > 0) {
                m.put("delta", Math.round(value - (baseline == null ? 0 : baseline.value) * scale));
            }
            List<Map<String, Object>> kids = new ArrayList<>();
            children.entrySet().stream()
                    .filter(e -> e.getValue().value >= min)
                    .sorted((a, b) -> Long.compare(b.getValue().value, a.getValue().value))
                    .forEach(e -> kids.add(e.getValue().toMap(e.getKey(),
                            baseline == null ? null : baseline.children.get(e.getKey()), scale, min)));
            if (!kids.isEmpty()) {
                m.put("children", kids);
            }
            return m;
        }
    }
}
