package benchkit.sql;

import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads the SQL template format: plain SQL whose statements end with {@code ;} at the end of a
 * line, organised by directive comments:
 * <pre>
 * -- @prepared-if          the next statement (a query) returns a row when the data is there
 * -- @prepare              statements that create and load the data
 * -- @cleanup              statements that remove it
 * -- @event NAME [weight=N] statements of one event, chosen by weight
 * -- @param GENERATOR ARGS  the value of the next statement's next ?
 * -- @repeat N              (prepare only) run the next statement N times
 * </pre>
 * Other {@code --} lines are comments. Every error is one line starting with {@code file:line:}.
 */
final class ScriptParser {
    private enum Section { NONE, PREPARED_IF, PREPARE, CLEANUP, EVENT }

    private final Path file;
    private final String name;
    private Section section = Section.NONE;
    private ScriptStatement preparedIf;
    private final List<ScriptStatement> prepare = new ArrayList<>();
    private final List<ScriptStatement> cleanup = new ArrayList<>();
    private final List<ScriptEvent> events = new ArrayList<>();
    private String eventName;
    private int eventWeight;
    private int eventLine;
    private final List<ScriptStatement> eventStatements = new ArrayList<>();
    private final List<ValueSource> pendingParams = new ArrayList<>();
    private int pendingRepeat = 1;
    private int pendingLine;
    private final StringBuilder sql = new StringBuilder();
    private int sqlLine;

    private ScriptParser(Path file) {
        this.file = file;
        this.name = file.getFileName().toString();
    }

    static SqlScript parse(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidOptionException("sql: cannot read --script " + file + " (" + e.getClass().getSimpleName() + ")");
        }
        return new ScriptParser(file).parse(lines);
    }

    private SqlScript parse(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            line(i + 1, lines.get(i));
        }
        int end = lines.size();
        if (sql.length() > 0) {
            throw error(sqlLine, "statement does not end with ; at the end of a line");
        }
        endSection(end);
        if (events.isEmpty()) {
            throw error(end, "no events; add at least one '-- @event NAME' section");
        }
        return new SqlScript(file.toString(), Optional.ofNullable(preparedIf), prepare, cleanup, events);
    }

    private void line(int number, String text) {
        String t = text.strip();
        if (t.startsWith("--")) {
            String comment = t.substring(2).strip();
            if (comment.startsWith("@")) {
                if (sql.length() > 0) {
                    throw error(sqlLine, "statement does not end with ; before the directive on line " + number);
                }
                directive(number, comment.substring(1));
            }
            return;
        }
        if (t.isEmpty() && sql.length() == 0) {
            return;
        }
        if (sql.length() == 0) {
            sqlLine = number;
        } else {
            sql.append('\n');
        }
        sql.append(text);
        if (t.endsWith(";")) {
            String statement = sql.toString().strip();
            sql.setLength(0);
            statement(statement.substring(0, statement.length() - 1).strip());
        }
    }

    private void directive(int number, String text) {
        List<String> words = Arrays.asList(text.strip().split("\\s+"));
        String word = words.get(0);
        switch (word) {
            case "prepared-if", "prepare", "cleanup" -> {
                if (words.size() > 1) {
                    throw error(number, "@" + word + " takes no arguments");
                }
                startSection(number, word.equals("prepare") ? Section.PREPARE
                        : word.equals("cleanup") ? Section.CLEANUP : Section.PREPARED_IF);
            }
            case "event" -> {
                startSection(number, Section.EVENT);
                event(number, words.subList(1, words.size()));
            }
            case "param" -> {
                if (section == Section.NONE || section == Section.PREPARED_IF) {
                    throw error(number, "@param belongs before a statement of a @prepare, @cleanup or @event section");
                }
                try {
                    pendingParams.add(Generators.parse(words.subList(1, words.size()), file.toAbsolutePath().getParent()));
                } catch (IllegalArgumentException e) {
                    throw error(number, e.getMessage());
                }
                pendingLine = pendingLine == 0 ? number : pendingLine;
            }
            case "repeat" -> {
                if (section != Section.PREPARE) {
                    throw error(number, "@repeat is allowed only in the @prepare section");
                }
                if (words.size() != 2 || !words.get(1).matches("[1-9][0-9]{0,8}")) {
                    throw error(number, "@repeat needs a count from 1 to 999999999, e.g. -- @repeat 10000");
                }
                pendingRepeat = Integer.parseInt(words.get(1));
                pendingLine = pendingLine == 0 ? number : pendingLine;
            }
            default -> throw error(number, "unknown directive @" + word
                    + "; valid: @prepared-if, @prepare, @cleanup, @event, @param, @repeat");
        }
    }

    private void event(int number, List<String> args) {
        if (args.isEmpty() || args.get(0).contains("=")) {
            throw error(number, "@event needs a name, e.g. -- @event get weight=9");
        }
        eventName = args.get(0);
        if (!eventName.matches("[A-Za-z0-9_-]{1,40}")) {
            // the name becomes the event's metrics (tps.NAME, latency.NAME.p95): letters a file and a chart can hold
            throw error(number, "@event " + eventName + ": a name is 1 to 40 letters, digits, '_' or '-'");
        }
        for (ScriptEvent e : events) {
            if (e.name().equals(eventName)) {
                throw error(number, "event " + eventName + " is defined twice (first at " + e.where() + ")");
            }
        }
        eventWeight = 1;
        for (String arg : args.subList(1, args.size())) {
            if (!arg.matches("weight=[0-9]{1,6}") || Integer.parseInt(arg.substring(7)) < 1) {
                throw error(number, "@event " + eventName + ": '" + arg + "' is not valid; expected weight=N with N from 1 to 999999");
            }
            eventWeight = Integer.parseInt(arg.substring(7));
        }
        eventLine = number;
    }

    private void statement(String text) {
        String where = name + ":" + sqlLine;
        if (section == Section.NONE) {
            throw error(sqlLine, "statement outside a section; start one with -- @prepare, -- @cleanup or -- @event NAME");
        }
        int placeholders = Placeholders.count(text);
        if (placeholders != pendingParams.size()) {
            throw error(sqlLine, "statement has " + placeholders + " placeholder(s) ? but " + pendingParams.size()
                    + " -- @param line(s) before it");
        }
        ScriptStatement s = new ScriptStatement(text, StatementKind.of(text), pendingParams, pendingRepeat, where);
        pendingParams.clear();
        pendingRepeat = 1;
        pendingLine = 0;
        switch (section) {
            case PREPARED_IF -> {
                if (preparedIf != null) {
                    throw error(sqlLine, "@prepared-if takes one query");
                }
                if (s.kind() != StatementKind.READ) {
                    throw error(sqlLine, "@prepared-if needs a query (SELECT), not " + StatementKind.firstKeyword(text));
                }
                preparedIf = s;
            }
            case PREPARE -> prepare.add(s);
            case CLEANUP -> cleanup.add(s);
            case EVENT -> eventStatements.add(s);
            default -> throw new IllegalStateException(section.name());
        }
    }

    private void startSection(int number, Section next) {
        endSection(number);
        section = next;
    }

    private void endSection(int number) {
        if (pendingLine != 0) {
            throw error(pendingLine, "@param or @repeat is not followed by a statement");
        }
        if (section == Section.EVENT) {
            if (eventStatements.isEmpty()) {
                throw error(eventLine, "event " + eventName + " has no statements");
            }
            events.add(new ScriptEvent(eventName, eventWeight, eventStatements, name + ":" + eventLine));
            eventStatements.clear();
        }
        if (section == Section.PREPARED_IF && preparedIf == null) {
            throw error(number, "@prepared-if is not followed by a query");
        }
    }

    private InvalidOptionException error(int line, String message) {
        return new InvalidOptionException(name + ":" + line + ": " + message);
    }
}
