package benchkit.sql;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScriptParserTest {
    static final Path KV = Path.of("../examples/sql/kv.sql");

    @TempDir
    Path dir;

    @Test
    void readsTheExampleScript() {
        SqlScript s = ScriptParser.parse(KV);
        assertTrue(s.preparedIf().isPresent());
        assertEquals("kv.sql:7", s.preparedIf().get().where());
        assertEquals(2, s.prepare().size());
        ScriptStatement load = s.prepare().get(1);
        assertEquals("INSERT INTO kv (id, v) VALUES (?, ?)", load.sql());
        assertEquals(10000, load.repeat());
        assertEquals(2, load.params().size());
        assertEquals(StatementKind.WRITE, load.kind());
        assertEquals(List.of("DROP TABLE IF EXISTS kv"), s.cleanup().stream().map(ScriptStatement::sql).toList());
        assertEquals(List.of("get", "put", "hit"), s.events().stream().map(ScriptEvent::name).toList());
        assertEquals(List.of(8, 1, 1), s.events().stream().map(ScriptEvent::weight).toList());
        List<ScriptStatement> hit = s.events().get(2).statements();
        assertEquals(List.of(StatementKind.OTHER, StatementKind.READ, StatementKind.WRITE, StatementKind.OTHER),
                hit.stream().map(ScriptStatement::kind).toList());
        assertTrue(hit.get(0).asText(), "BEGIN goes as text");
        assertTrue(!hit.get(1).asText());
    }

    @Test
    void errorsNameFileAndLine() throws IOException {
        assertEquals("bad.sql:2: unknown generator 'gauss'; valid: " + Generators.USAGE,
                error("-- @event e\n-- @param gauss 1 2\nSELECT ?;\n"));
        assertEquals("bad.sql:3: statement has 2 placeholder(s) ? but 1 -- @param line(s) before it",
                error("-- @event e\n-- @param uniform 1 10\nSELECT ?, ?;\n"));
        assertEquals("bad.sql:3: statement has 0 placeholder(s) ? but 1 -- @param line(s) before it",
                error("-- @event e\n-- @param seq 1\nSELECT '?';\n"));
        assertEquals("bad.sql:1: statement outside a section; start one with -- @prepare, -- @cleanup or -- @event NAME",
                error("SELECT 1;\n-- @event e\nSELECT 1;\n"));
        assertEquals("bad.sql:2: statement does not end with ; at the end of a line",
                error("-- @event e\nSELECT 1\n"));
        assertEquals("bad.sql:2: statement does not end with ; before the directive on line 3",
                error("-- @event e\nSELECT 1\n-- @event f\nSELECT 2;\n"));
        assertEquals("bad.sql:1: @event e: 'weight=0' is not valid; expected weight=N with N from 1 to 999999",
                error("-- @event e weight=0\nSELECT 1;\n"));
        assertEquals("bad.sql:1: @event new/order: a name is 1 to 40 letters, digits, '_' or '-'",
                error("-- @event new/order\nSELECT 1;\n"));
        assertEquals("bad.sql:3: event e is defined twice (first at bad.sql:1)",
                error("-- @event e\nSELECT 1;\n-- @event e\nSELECT 2;\n"));
        assertEquals("bad.sql:1: event e has no statements", error("-- @event e\n-- @cleanup\nDROP TABLE t;\n"));
        assertEquals("bad.sql:2: no events; add at least one '-- @event NAME' section", error("-- @prepare\nCREATE TABLE t (a INT);\n"));
        assertEquals("bad.sql:1: unknown directive @evnet; valid: @prepared-if, @prepare, @cleanup, @event, @param, @repeat",
                error("-- @evnet e\nSELECT 1;\n"));
        assertEquals("bad.sql:2: @repeat is allowed only in the @prepare section", error("-- @event e\n-- @repeat 3\nSELECT 1;\n"));
        assertEquals("bad.sql:2: @param or @repeat is not followed by a statement",
                error("-- @event e\n-- @param seq 1\n-- @event f\nSELECT 1;\n"));
        assertEquals("bad.sql:2: uniform: MAX 1 is below MIN 5", error("-- @event e\n-- @param uniform 5 1\nSELECT ?;\n"));
        assertEquals("bad.sql:2: zipf takes 2 to 3 arguments: zipf MIN MAX [EXPONENT]",
                error("-- @event e\n-- @param zipf 1\nSELECT ?;\n"));
        assertEquals("bad.sql:2: @prepared-if needs a query (SELECT), not DROP",
                error("-- @prepared-if\nDROP TABLE t;\n-- @event e\nSELECT 1;\n"));
    }

    @Test
    void csvGeneratorReadsAColumnByNameAndReportsUnknownOnes() throws IOException {
        Files.writeString(dir.resolve("names.csv"), "id,name\n1,\"Smith, Jo\"\n2,Lee\n");
        Path ok = write("ok.sql", "-- @event e\n-- @param csv names.csv name\nSELECT ?;\n");
        assertEquals(1, ScriptParser.parse(ok).events().get(0).statements().get(0).params().size());
        assertEquals("bad.sql:2: csv: names.csv has no column 'surname'; columns: id, name",
                error("-- @event e\n-- @param csv names.csv surname\nSELECT ?;\n"));
    }

    @Test
    void placeholdersInQuotesAndCommentsDoNotCount() {
        assertEquals(2, Placeholders.count("SELECT '?', \"?\", `?` FROM t WHERE a = ? AND b = ? /* ? */"));
        assertEquals(1, Placeholders.count("SELECT 'it''s ?' , ? # ?"));
        assertEquals(0, Placeholders.count("SELECT 'a\\'?'"));
    }

    @Test
    void statementKindsFollowTheFirstKeyword() {
        assertEquals(StatementKind.READ, StatementKind.of("  (SELECT 1)"));
        assertEquals(StatementKind.READ, StatementKind.of("/* hint */ select 1"));
        assertEquals(StatementKind.WRITE, StatementKind.of("replace into t values (1)"));
        assertEquals(StatementKind.WRITE, StatementKind.of("DELETE FROM t"));
        assertEquals(StatementKind.OTHER, StatementKind.of("COMMIT"));
        assertEquals(StatementKind.OTHER, StatementKind.of("SET @a = 1"));
    }

    private String error(String script) throws IOException {
        Path p = write("bad.sql", script);
        return assertThrows(InvalidOptionException.class, () -> ScriptParser.parse(p)).getMessage();
    }

    private Path write(String name, String script) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, script);
        return p;
    }
}
