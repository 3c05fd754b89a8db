package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.OptionValues;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every bench command line in a shell block of the README and docs/ is one bench accepts as written: its options
 * exist and sit after their subcommand, its values have their types, its workloads exist and take the workload
 * options given. A line that cannot be checked so (it needs a file or machine the reader has, and this test has
 * not) ends with {@code # not run: why}. The commands that run servers are run for real by the integration tests.
 */
class DocsCommandLinesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();

    @Test
    void everyDocumentedCommandLineIsOneBenchAccepts() throws IOException {
        List<String> refused = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs()) {
            for (String line : commandLines(Files.readString(doc))) {
                if (line.contains("# not run: ")) {
                    continue;
                }
                try {
                    check(arguments(line));
                    checked++;
                } catch (RuntimeException e) {
                    refused.add(ROOT.relativize(doc) + ": " + line + "\n    " + e.getMessage());
                }
            }
        }
        assertTrue(refused.isEmpty(), "documented command lines bench refuses:\n" + String.join("\n", refused));
        assertTrue(checked >= 20, "the docs' command lines were found: " + checked);
    }

    @Test
    void aLineWithAMistakeIsRefused() {
        for (String wrong : List.of("bench --workload point-select --tread 8", "bench --workload point-selct",
                "bench --plugin-dir p list", "bench --workload point-select --threads eight",
                "bench compare --fail-on-regresion a b")) {
            assertThrows(RuntimeException.class, () -> check(arguments(wrong)), wrong);
        }
    }

    /** bench's own checks of a command line that need no server: picocli's, the subcommand rule, the workload's. */
    private static void check(String[] args) {
        String[] translated = SysbenchLine.ARGS.translate(ExperimentFile.expand(args), note -> { });
        CommandLine cl = Cli.commandLine();
        CommandLine.ParseResult parsed = cl.parseArgs(translated);
        Cli.misplacedOrUnknownOptions(parsed).ifPresent(message -> {
            throw new IllegalArgumentException(message);
        });
        CommandLine.ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        if (leaf.commandSpec().userObject() instanceof RunCommand run) {
            RunCommand.checkThreads(run.threads);
            run.verdicts.settings();
            run.settleBudget();
            Map<String, String> given = WorkloadOptions.workloadOptions(run.workloadArgs);
            for (String name : run.workload.requireWorkloads(REGISTRY.workloads().keySet())) {
                if (run.plugins.pluginDir != null && !REGISTRY.workloads().containsKey(name)) {
                    continue;           // a plugin's workload: CustomWorkloadsIT and UserProjectsIT run those
                }
                WorkloadFactory factory = REGISTRY.workload(name);
                OptionValues.parse(name, factory.options(), given);
            }
        }
    }

    /** The words after "bench" or "java -jar .../bench.jar"; an --experiment file is the repository's. */
    private static String[] arguments(String line) {
        String command = line.replaceAll("\\s+#.*$", "").split("&&|;|\\|")[0].strip();
        List<String> words = new ArrayList<>(List.of(command.split("\\s+")));
        int launcher = words.stream().filter(w -> w.equals("bench") || w.endsWith("/bench")).findFirst()
                .map(words::indexOf).orElse(-1);
        int start = launcher >= 0 ? launcher + 1 : words.indexOf("-jar") + 2;
        List<String> args = new ArrayList<>(words.subList(start, words.size()));
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("--experiment")) {
                args.set(i + 1, ROOT.resolve(args.get(i + 1)).toString());
            }
        }
        return args.toArray(new String[0]);
    }

    /** The bench command lines of a markdown text's shell blocks, continuation lines joined. */
    static List<String> commandLines(String markdown) {
        List<String> lines = new ArrayList<>();
        boolean inShell = false;
        boolean inBlock = false;
        StringBuilder pending = new StringBuilder();
        for (String raw : markdown.split("\n")) {
            if (raw.startsWith("```")) {
                inShell = !inBlock && raw.matches("```(sh|bash|console)?\\s*");
                inBlock = !inBlock;
                continue;
            }
            if (!inShell) {
                continue;
            }
            String line = raw.strip();
            if (line.endsWith("\\")) {
                pending.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            String whole = (pending + line).replaceFirst("^\\$ ", "").replaceAll("\\s+(?=--)", " ");
            pending.setLength(0);
            if (whole.matches("(\\S*/)?bench( .*)?|java -jar \\S*bench\\.jar( .*)?") || whole.matches("\\S+=\\S+ bench .*")) {
                lines.add(whole);
            }
        }
        return lines;
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    @Test
    void shellBlocksAreReadAndProseIsNot() {
        List<String> found = commandLines("bench in prose\n```sh\nbench list   # all\n$ bench --workload a \\\n  --threads 2\n"
                + "echo bench\n```\n```java\nbench x\n```\n");
        assertTrue(found.equals(List.of("bench list   # all", "bench --workload a --threads 2")), found.toString());
        assertFalse(found.contains("bench in prose"));
    }
}
