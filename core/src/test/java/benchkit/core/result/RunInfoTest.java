package benchkit.core.result;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunInfoTest {
    @Test
    void writesAndReadsBackWithThisMachine(@TempDir Path dir) throws Exception {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("workload", "oltp-read-only");
        settings.put("threads", "1,4,16,64");
        settings.put("server-password", "s3cr3t-value");
        Instant started = Instant.parse("2026-11-21T01:00:00Z");

        Path file = RunInfo.write(dir, started, settings);

        assertEquals(dir.resolve("run.json"), file);
        assertFalse(Files.readString(file).contains("s3cr3t-value"), "secrets never written");
        RunInfo back = RunInfo.read(dir).orElseThrow();
        assertEquals("2026-11-21T01:00:00Z", back.startedAt());
        assertTrue(Instant.parse(back.finishedAt()).isAfter(started));
        assertEquals(List.of("workload", "threads", "server-password"), List.copyOf(back.settings().keySet()), "order kept");
        assertEquals("(hidden)", back.settings().get("server-password"));
        MachineInfo m = back.machine();
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim(), m.kernel());
        assertTrue(m.logicalCpus() >= 1 && m.physicalCores() >= 1 && m.physicalCores() <= m.logicalCpus(), m.toString());
        assertTrue(m.memoryMb() > 100, m.toString());
        assertTrue(m.jvm().contains(System.getProperty("java.version").split("[+-]")[0]), m.jvm());
        assertFalse(m.cpuModel().isBlank());
    }

    @Test
    void readToleratesMissingFieldsAndAbsentFile(@TempDir Path dir) throws Exception {
        assertTrue(RunInfo.read(dir).isEmpty());
        Files.writeString(dir.resolve("run.json"), "{\"settings\": {\"forks\": 2}, \"machine\": {\"kernel\": \"6.1.0\"}}");
        RunInfo r = RunInfo.read(dir).orElseThrow();
        assertEquals(Map.of("forks", "2"), r.settings());
        assertEquals("6.1.0", r.machine().kernel());
        assertEquals("unknown", r.machine().cpuModel());
        assertEquals(null, r.startedAt());

        Files.writeString(dir.resolve("run.json"), "\uFEFF{\"settings\": {\"forks\": 3}}");
        assertEquals(Map.of("forks", "3"), RunInfo.read(dir).orElseThrow().settings(), "a byte-order mark skipped");

        // emptied to {}: read as a run of unknown settings, report and compare judged with defaults (sweep 7, case 50)
        Files.writeString(dir.resolve("run.json"), " { } ");
        var emptied = assertThrows(IllegalArgumentException.class, () -> RunInfo.read(dir));
        assertEquals(dir.resolve("run.json") + " holds none of a run's description (startedAt, settings, machine): restore"
                + " it from a copy of the run, or remove it (the run is then read with its settings unknown)",
                emptied.getMessage());

        Files.writeString(dir.resolve("run.json"), "{oops");
        var e = assertThrows(IllegalArgumentException.class, () -> RunInfo.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("run.json") + " is not valid JSON"), e.getMessage());
        // the parser's words without its internals (issue #51: "[Source: REDACTED (`StreamReadFeature...` disabled)...")
        Files.writeString(dir.resolve("run.json"), "{");
        e = assertThrows(IllegalArgumentException.class, () -> RunInfo.read(dir));
        assertFalse(e.getMessage().contains("REDACTED") || e.getMessage().contains("`"), e.getMessage());
        assertTrue(e.getMessage().endsWith(" at line 1, column 2): it is cut short; restore it from a copy of the run"),
                e.getMessage());
    }

    @Test
    void parsesTwoSocketCpuInfo() {
        StringBuilder cpuinfo = new StringBuilder();
        // 2 sockets x 2 cores x 2 hyper-threads = 8 logical CPUs, 4 physical cores
        int processor = 0;
        for (int socket = 0; socket < 2; socket++) {
            for (int thread = 0; thread < 2; thread++) {
                for (int core = 0; core < 2; core++) {
                    cpuinfo.append("processor\t: ").append(processor++).append('\n')
                            .append("vendor_id\t: GenuineIntel\n")
                            .append("model name\t: Intel(R) Xeon(R) CPU E5-2630 0 @ 2.30GHz\n")
                            .append("physical id\t: ").append(socket).append('\n')
                            .append("core id\t\t: ").append(core).append("\n\n");
                }
            }
        }
        MachineInfo.CpuInfo cpu = MachineInfo.parseCpuInfo(cpuinfo.toString());
        assertEquals("Intel(R) Xeon(R) CPU E5-2630 0 @ 2.30GHz", cpu.model());
        assertEquals(8, cpu.logicalCpus());
        assertEquals(4, cpu.physicalCores());
        assertEquals(7953, MachineInfo.parseMemTotalMb("MemTotal:        8144348 kB\nMemFree: 1 kB\n"));
        assertEquals("Debian GNU/Linux 12 (bookworm)",
                MachineInfo.parseOsRelease("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"));
    }

    /**
     * A FIFO (or device) in place of run.json is refused at once, naming it, where reading it waited for ever, and
     * random bytes are said not to be UTF-8, naming run.json (sweep 5 cases 123, 70).
     */
    @Test
    void aFifoOrRandomBytesAreNamedNotReadForEver(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", file.toString()).start().waitFor() == 0,
                "no mkfifo here");
        IllegalArgumentException fifo = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(20), () -> assertThrows(IllegalArgumentException.class, () -> RunInfo.read(dir)));
        assertEquals(file + " is not a regular file (a FIFO or a device), which bench does not read: put the "
                + "file itself there", fifo.getMessage());
        Files.delete(file);
        Files.write(file, new byte[] {'{', (byte) 0xc3, '}'});
        IllegalArgumentException random = assertThrows(IllegalArgumentException.class, () -> RunInfo.read(dir));
        assertEquals(file + " is not UTF-8 text, so not JSON (byte 1 is not UTF-8): it is damaged or another kind of file; "
                + "restore it from a copy", random.getMessage());
    }
}
