package benchkit.sysbench.line;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The translation reads bench's own options through the {@link BenchOptions} it is given. Here a table stands for
 * bench's command line; cli's SysbenchArgsTest checks the same translation through picocli's models of it.
 */
class BenchOptionsTest {
    private static final Map<String, Boolean> RUN = Map.of("--mysqld", true, "--threads", true, "--out", true,
            "--workload", true, "--no-result-files", false);

    private static final BenchOptions TABLE = new BenchOptions() {
        @Override
        public Optional<Option> run(String name) {
            return Optional.ofNullable(RUN.get(name)).map(takesValue -> new Option(name, takesValue));
        }

        @Override
        public boolean prepareTakes(String name) {
            return !name.equals("--out");
        }
    };

    private final List<String> notes = new ArrayList<>();

    private List<String> translate(String line) {
        return List.of(new SysbenchArgs(TABLE).translate(line.split(" "), notes::add));
    }

    @Test
    void benchsOptionsAndTheirValuesPassThroughAndTheLastOfOneSettingWins() {
        List<String> run = translate("oltp_read_only --mysql-host=db1 --mysqld a=1 --mysqld b=2 --mysqld a=3 --out dir run");
        String line = String.join(" ", run);
        assertTrue(line.startsWith("run --workload=oltp-read-only --mysql-host=db1 --mysqld b=2 --mysqld a=3 --out dir"), line);
        assertFalse(run.contains("a=1"), line);
    }

    @Test
    void anOptionOnlyRunTakesIsDroppedFromAPrepareWithANote() {
        List<String> prepare = translate("oltp_read_only --mysql-host=db1 --out dir prepare");
        assertFalse(prepare.contains("--out"), prepare.toString());
        assertFalse(prepare.contains("dir"), prepare.toString());
        assertEquals(List.of("--out does not apply to prepare; ignored"), notes);
    }
}
