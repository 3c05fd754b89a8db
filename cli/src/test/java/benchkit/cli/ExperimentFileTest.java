package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentFileTest {
    @TempDir
    Path dir;

    @Test
    void expandsListsRepeatsServerSettingsAndLetsTypedOptionsWin() throws Exception {
        Path f = Files.writeString(dir.resolve("study.json"), """
                {"// note": "ignored", "workload": ["oltp-read-only", "point-select"], "threads": [32, 64],
                 "allocator": ["glibc", "jemalloc"], "skip-trx": true, "table-size": 1000,
                 "mysqld": ["sync_binlog=1", "innodb_spin_wait_delay=6,96"]}
                """);
        String[] args = ExperimentFile.expand(new String[]{"run", "--experiment", f.toString(), "--threads", "2"});
        assertArrayEquals(new String[]{"run", "--workload=oltp-read-only,point-select", "--allocator=glibc,jemalloc",
            "--skip-trx=on", "--table-size=1000", "--mysqld=sync_binlog=1", "--mysqld=innodb_spin_wait_delay=6,96",
            "--threads", "2"}, args);
    }

    @Test
    void badFilesAreOneLineUsageErrors() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"threads\": [1,\n");
        UsageException e = assertThrows(UsageException.class, () -> ExperimentFile.read(broken));
        assertTrue(e.getMessage().contains("not valid JSON at line"), e.getMessage());
        Path nested = Files.writeString(dir.resolve("nested.json"), "{\"threads\": {\"a\": 1}}");
        assertThrows(UsageException.class, () -> ExperimentFile.read(nested));
        assertThrows(UsageException.class, () -> ExperimentFile.read(dir.resolve("missing.json")));
    }

    @Test
    void everyShippedStudyFileParses() throws Exception {
        try (var files = Files.list(Path.of("../examples/studies"))) {
            for (Path study : (Iterable<Path>) files::iterator) {
                assertTrue(ExperimentFile.read(study).stream().anyMatch(a -> a.startsWith("--workload=")), study.toString());
            }
        }
    }
}
