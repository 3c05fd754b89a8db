package benchkit.memcached.stats;

import benchkit.memcached.stats.KeyLossWatch.Look;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The verdicts that a real memcached cannot be made to show here: a restart that keeps the pid (a container's memcached
 * is pid 1 each time), and stats replies that lack fields (the InnoDB memcached plugin's shorter stats), where what is
 * missing means "cannot tell", never a verdict.
 */
class KeyLossWatchTest {
    private static Look look(String... fieldsAndValues) {
        Map<String, String> stats = new java.util.HashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            stats.put(fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return Look.of(stats);
    }

    @Test
    void theSamePidStartedLaterIsARestart() {
        Look before = look("pid", "1", "uptime", "100", "time", "1000100", "cmd_flush", "0");
        assertEquals("restarted during this iteration (pid 1 again, but started 40 s later; up 3 s)",
                KeyLossWatch.change(before, look("pid", "1", "uptime", "3", "time", "1000043", "cmd_flush", "0"))
                        .orElse("nothing"));
        // time and uptime are whole seconds read at slightly different moments: a second or two is rounding
        assertEquals(Optional.empty(), KeyLossWatch.change(before,
                look("pid", "1", "uptime", "230", "time", "1000232", "cmd_flush", "0")));
    }

    @Test
    void aMissingFieldTellsNothing() {
        Look bare = look("cmd_get", "10", "version", "1.6.0");
        Look full = look("pid", "7", "uptime", "3", "time", "2000003", "cmd_flush", "5");
        assertEquals(Optional.empty(), KeyLossWatch.change(bare, full), "nothing to compare with");
        assertEquals(Optional.empty(), KeyLossWatch.change(full, bare));
        // without pid and cmd_flush (as a plugin may report), time and uptime still tell a restart
        assertEquals("restarted during this iteration (started 100 s later; up 2 s)", KeyLossWatch.change(
                look("uptime", "50", "time", "5000050"), look("uptime", "2", "time", "5000102")).orElse("nothing"));
        assertEquals(Optional.empty(), KeyLossWatch.change(look("pid", "7", "cmd_flush", "x"), look("pid", "7", "cmd_flush", "9")),
                "a value that is not a number is no baseline");
    }
}
