package benchkit.spi;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileNamesTest {
    @Test
    void aNameAFileCanHoldStaysAsItIs() {
        for (String name : List.of("glibc", "jemalloc", "mysql-8.0", "innodb_spin_wait_delay=6", "a+b", "a_b")) {
            assertEquals(name, FileNames.of(name));
        }
    }

    @Test
    void namesThatDifferOnlyInWhatAFileNameCannotHoldOrInCaseGetDifferentNames() {
        List<String> names = List.of("report_host=a<b", "report_host=a>b", "report_host=a_b", "a b", "a/b", "a\\b",
                "Glibc", "glibc", "GLIBC", "", "ünï", "unï", "a~b", "a_b~0");
        Set<String> folded = new HashSet<>();
        for (String name : names) {
            String file = FileNames.of(name);
            assertTrue(file.matches("[A-Za-z0-9._=+~-]+"), file);
            // as a file system that ignores case sees them
            assertTrue(folded.add(file.toLowerCase(Locale.ROOT)), name + " maps to " + file + ", as another name does");
        }
        assertNotEquals(FileNames.of("report_host=a<b"), FileNames.of("report_host=a>b"));
        assertTrue(FileNames.of("report_host=a<b").startsWith("report_host=a_b~"), FileNames.of("report_host=a<b"));
    }
}
