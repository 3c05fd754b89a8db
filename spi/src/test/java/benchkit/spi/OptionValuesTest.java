package benchkit.spi;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OptionValuesTest {
    private static OptionValues given(String value) {
        return OptionValues.parse("w", List.of(new OptionSpec("n", null, "a number")), Map.of("n", value));
    }

    private static String refusal(Runnable read) {
        return assertThrows(InvalidOptionException.class, read::run).getMessage();
    }

    @Test
    void wholeNumbersAreReadWithinTheirRange() {
        assertEquals(7, given(" 7 ").intValue("n", 1, 10));
        assertEquals("w: --n=x is not valid; expected a whole number", refusal(() -> given("x").longValue("n", 1, 10)));
        assertEquals("w: --n=11 is not valid; expected a number from 1 to 10", refusal(() -> given("11").longValue("n", 1, 10)));
    }

    @Test
    void numbersAreReadWithinTheirRange() {
        assertEquals(0.5, given("0.5").doubleValue("n", 0, 1));
        assertEquals(-0.0, given("-0").doubleValue("n", 0, 1));    // accepted: -0.0 >= 0
        assertEquals("w: --n=x is not valid; expected a number", refusal(() -> given("x").doubleValue("n", 0, 1)));
        assertEquals("w: --n=2 is not valid; expected a number from 0.0 to 1.0", refusal(() -> given("2").doubleValue("n", 0, 1)));
        assertEquals("w: --n=NaN is not valid; expected a number", refusal(() -> given("NaN").doubleValue("n", 0, 1)));
        assertEquals(1e-1, given("1e-1").doubleValue("n", 0, 1));
        assertEquals(0.5, given(".5").doubleValue("n", 0, 1));
    }

    /**
     * Only plain decimal numbers (the outside sweep's #36: Java read {@code --time 1d} as 1 s): not Java's float and
     * double suffixes, hex floats, Infinity, nor digits of other scripts (Arabic-Indic ٣ is 3 to Long.parseLong).
     */
    @Test
    void onlyPlainDecimalNumbersAreRead() {
        for (String v : List.of("1d", "2f", "1D", "0x1p0", "Infinity", "-Infinity", "1e", "1.2.3", "", "\u0663")) {
            assertEquals("w: --n=" + v + " is not valid; expected a number", refusal(() -> given(v).doubleValue("n", -9, 9)));
        }
        for (String v : List.of("\u0663", "0x3", "1_000", "3.0", "1e3")) {
            assertEquals("w: --n=" + v + " is not valid; expected a whole number", refusal(() -> given(v).longValue("n", 0, 9999)));
        }
        assertEquals(3, OptionValues.parseWhole("+3"));
        assertEquals(-2.5e3, OptionValues.parseDecimal("-2.5E3"));
    }
}
