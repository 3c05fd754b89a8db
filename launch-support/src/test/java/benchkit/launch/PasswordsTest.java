package benchkit.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PasswordsTest {
    /** The one generator of the MySQL launcher's and the container launcher's root passwords. */
    @Test
    void twentyFourLettersAndDigitsThatNeedNoQuotingAndAreNotConfused() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String p = Passwords.generate();
            assertEquals(24, p.length(), p);
            assertTrue(p.matches("[A-HJ-NP-Za-km-z2-9]+"), p + ": no quote, no 0/O, 1/l/I");
            seen.add(p);
        }
        assertEquals(100, seen.size(), "each one is new");
    }
}
