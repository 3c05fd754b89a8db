package benchkit.launcher.mysql;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads the end of a server error log for error messages: the [ERROR] lines and the last lines. */
public final class ErrorLog {
    static final int RELEVANT_LINES = 15;
    private static final String ERROR_TAG = "[ERROR]";

    private ErrorLog() {
    }

    /** The last {@code count} lines of {@code log} (empty when it does not exist). */
    public static List<String> tail(Path log, int count) {
        List<String> all = readLines(log);
        return new ArrayList<>(all.subList(Math.max(0, all.size() - count), all.size()));
    }

    /**
     * Every [ERROR] line (at most 15, the last ones) followed by the last 15 lines not already shown. When
     * there are errors, the notes and warnings among those last lines are left out: they are what every
     * start logs (options a newer server no longer uses, for one) and would bury the error.
     */
    public static String relevant(Path log) {
        List<String> all = readLines(log);
        Set<String> shown = new LinkedHashSet<>();
        List<String> errors = all.stream().filter(l -> l.contains(ERROR_TAG)).toList();
        shown.addAll(errors.subList(Math.max(0, errors.size() - RELEVANT_LINES), errors.size()));
        all.subList(Math.max(0, all.size() - RELEVANT_LINES), all.size()).stream()
                .filter(line -> errors.isEmpty() || !isRoutine(line))
                .forEach(shown::add);
        return String.join("\n", shown);
    }

    /** The text of the first [ERROR] line in {@code lines}, without its time stamp and tag. */
    public static Optional<String> firstError(String lines) {
        if (lines == null) {
            return Optional.empty();
        }
        return lines.lines().filter(l -> l.contains(ERROR_TAG))
                .map(l -> l.substring(l.indexOf(ERROR_TAG) + ERROR_TAG.length()).strip())
                .filter(text -> !text.isEmpty())
                .findFirst();
    }

    private static boolean isRoutine(String line) {
        return line.contains("[Warning]") || line.contains("[Note]") || line.contains("[System]");
    }

    private static List<String> readLines(Path log) {
        try {
            if (!Files.isRegularFile(log)) {
                return List.of();
            }
            String text = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            return text.isEmpty() ? List.of() : List.of(text.split("\r?\n"));
        } catch (IOException e) {
            return List.of("(cannot read " + log + ": " + e.getMessage() + ")");
        }
    }
}
