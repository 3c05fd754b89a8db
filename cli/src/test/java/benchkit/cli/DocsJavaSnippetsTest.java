package benchkit.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every Java snippet in the README and docs/ is code the build compiles (it appears, whitespace aside, in a .java
 * file of this repository: the examples, the SPI, a test), or says above it that it is not compiled and why. A
 * snippet that drifts from the code it shows fails here.
 */
class DocsJavaSnippetsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^([^\\n]*)\\n```java\\n(.*?)^```", Pattern.DOTALL);
    private static final String NOT_COMPILED = "<!-- not compiled: ";

    @Test
    void everyJavaSnippetIsCompiledCodeOrSaysWhyNot() throws IOException {
        List<String> sources = javaSources();
        List<String> drifted = new ArrayList<>();
        int compiled = 0;
        for (Path doc : docs()) {
            Matcher m = JAVA_BLOCK.matcher(Files.readString(doc));
            while (m.find()) {
                if (m.group(1).startsWith(NOT_COMPILED)) {
                    continue;
                }
                String snippet = normalized(m.group(2));
                if (sources.stream().anyMatch(source -> source.contains(snippet))) {
                    compiled++;
                } else {
                    drifted.add(ROOT.relativize(doc) + ": " + snippet.substring(0, Math.min(80, snippet.length())));
                }
            }
        }
        assertTrue(drifted.isEmpty(), "Java snippets that are in no compiled source (mark one that cannot be with "
                + NOT_COMPILED + "why -->):\n" + String.join("\n", drifted));
        assertTrue(compiled >= 2, "the SPI workload and the CI check are compiled snippets; found " + compiled);
    }

    @Test
    void aSnippetThatDriftsIsFound() {
        String source = normalized("class A {\n    void run() { go(1); }\n}");
        assertTrue(source.contains(normalized("void run() {   go(1); }")));
        assertFalse(source.contains(normalized("void run() { go(2); }")));
    }

    private static String normalized(String code) {
        return code.replaceAll("\\s+", " ").strip();
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    private static List<String> javaSources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !ROOT.relativize(p).toString().contains("target/") && !p.toString().contains("/.git/"))
                    .map(p -> {
                        try {
                            return normalized(Files.readString(p));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }).toList();
        }
    }
}
