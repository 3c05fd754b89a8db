package benchkit.launcher.mysql;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * What the generated my.cnf depends on: usable memory and whether the datadir's filesystem
 * accepts O_DIRECT (tmpfs does not, and InnoDB then fails to start).
 *
 * @param memoryBytes      physical memory, or the cgroup limit when lower
 * @param directIoSupported whether files in the datadir's filesystem can be opened with O_DIRECT
 */
public record MachineFacts(long memoryBytes, boolean directIoSupported) {

    public static MachineFacts probe(Path datadirParent) {
        return new MachineFacts(physicalMemory(), directIoSupported(datadirParent));
    }

    static long physicalMemory() {
        long memory = Long.MAX_VALUE;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    memory = Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: fall back to what the JVM may use
        }
        for (Path limit : List.of(Path.of("/sys/fs/cgroup/memory.max"),
                Path.of("/sys/fs/cgroup/memory/memory.limit_in_bytes"))) {
            try {
                String value = Files.readString(limit).strip();
                if (value.matches("\\d+")) {
                    memory = Math.min(memory, Long.parseLong(value));
                }
            } catch (IOException | NumberFormatException e) {
                // no cgroup limit
            }
        }
        return memory == Long.MAX_VALUE ? Runtime.getRuntime().maxMemory() : memory;
    }

    /** Opens (and writes one aligned block to) a scratch file with O_DIRECT in {@code dir}. */
    static boolean directIoSupported(Path dir) {
        Path probe = null;
        try {
            probe = Files.createTempFile(dir, ".odirect-probe", "");
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.WRITE,
                    com.sun.nio.file.ExtendedOpenOption.DIRECT)) {
                int block = (int) Files.getFileStore(probe).getBlockSize();
                ByteBuffer buffer = ByteBuffer.allocateDirect(block * 2).alignedSlice(block);
                buffer.limit(block);
                channel.write(buffer);
            }
            return true;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // the probe sits in the launch's temp dir, which is removed anyway
                }
            }
        }
    }
}
