package benchkit.collectors.status;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CounterSelectionTest {
    private static final StatusSnapshot STATUS = new StatusSnapshot(Map.of(
            "Questions", "10", "Threads_running", "3", "Rpl_status", "AUTH_MASTER"), 0);

    @Test
    void namesResolveToTheServersSpellingOnceEach() {
        CounterSelection s = CounterSelection.parse(" questions, THREADS_RUNNING ,Questions", "threads_running");
        assertEquals(List.of("Questions", "Threads_running"), s.resolve(STATUS, "here"));
        assertTrue(s.isGauge("Threads_running"));
        assertFalse(s.isGauge("Questions"));
    }

    @Test
    void unknownAndNonNumericVariablesFailInOneLine() {
        InvalidOptionException unknown = assertThrows(InvalidOptionException.class,
                () -> CounterSelection.parse("Questions,Nope,Nada", "").resolve(STATUS, "127.0.0.1:3306"));
        assertEquals("status collector: unknown status counters Nope, Nada (not in SHOW GLOBAL STATUS of 127.0.0.1:3306)",
                unknown.getMessage());
        InvalidOptionException text = assertThrows(InvalidOptionException.class,
                () -> CounterSelection.parse("Rpl_status", "").resolve(STATUS, "here"));
        assertTrue(text.getMessage().contains("Rpl_status='AUTH_MASTER'"), text.getMessage());
    }
}
