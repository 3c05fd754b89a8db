package benchkit.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ExecutablesTest {
    @TempDir
    Path tmp;

    @Test
    void firstInPrefersAnEarlierDirectoryAndFindPrefersAnEarlierName() throws IOException {
        Path a = Files.createDirectory(tmp.resolve("a"));
        Path b = Files.createDirectory(tmp.resolve("b"));
        Path bMariadbd = executable(b.resolve("benchkit-test-mariadbd"));
        Path aMysqld = executable(a.resolve("benchkit-test-mysqld"));
        Files.writeString(a.resolve("benchkit-test-mariadbd"), "not executable");
        List<String> names = List.of("benchkit-test-mariadbd", "benchkit-test-mysqld");
        assertEquals(Optional.of(aMysqld), Executables.firstIn(List.of(a, b), names), "a's own program before b's");
        assertEquals(Optional.of(bMariadbd), Executables.firstIn(List.of(b, a), names));
        // PATH holds none of these names, so the extra directories decide; the first name wins wherever it is
        List<String> preferred = List.of("benchkit-no-such-tool", "benchkit-test-mariadbd", "benchkit-test-mysqld");
        assertEquals(Optional.of(bMariadbd), Executables.find(preferred, List.of(a, b)));
        assertEquals(Optional.empty(), Executables.firstIn(List.of(a, b), List.of("memcached")));
    }

    @Test
    void aServerCommandGoesBehindSetsidWhereTheMachineHasIt() {
        Optional<Path> setsid = Executables.find(List.of("setsid"), List.of());
        List<String> command = OwnSession.command(List.of("/usr/sbin/mariadbd", "--no-defaults"));
        assertEquals(setsid.map(p -> List.of(p.toString(), "/usr/sbin/mariadbd", "--no-defaults"))
                .orElse(List.of("/usr/sbin/mariadbd", "--no-defaults")), command);
    }

    private static Path executable(Path p) throws IOException {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
