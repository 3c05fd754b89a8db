package benchkit.core.util;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EveryStepTest {
    @Test
    void everyStepRunsAndTheFirstFailureIsThrownWithTheLaterOnesSuppressed() {
        List<Integer> ran = new ArrayList<>();
        IOException first = assertThrows(IOException.class, () -> EveryStep.forEach(List.of(1, 2, 3, 4), i -> {
            ran.add(i);
            if (i == 2) {
                throw new IOException("two");
            }
            if (i == 4) {
                throw new IllegalStateException("four");
            }
        }));
        assertEquals(List.of(1, 2, 3, 4), ran);
        assertEquals("two", first.getMessage());
        assertArrayEquals(new String[]{"four"}, java.util.Arrays.stream(first.getSuppressed()).map(Throwable::getMessage)
                .toArray(String[]::new));
    }

    @Test
    void nothingFailsNothingIsThrown() throws Exception {
        List<String> ran = new ArrayList<>();
        EveryStep.forEach(List.of("a", "b"), ran::add);
        assertEquals(List.of("a", "b"), ran);
    }
}
