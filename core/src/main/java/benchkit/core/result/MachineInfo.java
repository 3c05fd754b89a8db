package benchkit.core.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The machine a run ran on, as far as Linux tells without privileges. Unknown values are
 * {@code "unknown"} (text) or {@code 0} (numbers).
 *
 * @param cpuModel      e.g. {@code Intel(R) Xeon(R) CPU E5-2630 0 @ 2.30GHz}
 * @param logicalCpus   hardware threads the kernel shows
 * @param physicalCores distinct (socket, core) pairs; equal to logicalCpus when the kernel does not say
 * @param memoryMb      total memory
 * @param kernel        {@code uname -r}
 * @param os            the distribution's pretty name, e.g. {@code Debian GNU/Linux 12 (bookworm)}
 * @param libc          e.g. {@code glibc 2.36} (the system allocator under comparison)
 * @param jvm           JVM name and version running benchkit
 */
public record MachineInfo(String cpuModel, int logicalCpus, int physicalCores, long memoryMb,
                          String kernel, String os, String libc, String jvm) {
    public static final String UNKNOWN = "unknown";

    public MachineInfo {
        cpuModel = orUnknown(cpuModel);
        kernel = orUnknown(kernel);
        os = orUnknown(os);
        libc = orUnknown(libc);
        jvm = orUnknown(jvm);
    }

    /** Reads this machine's facts from /proc, /etc/os-release and the JVM. */
    public static MachineInfo collect() {
        CpuInfo cpu = parseCpuInfo(read("/proc/cpuinfo"));
        int logical = cpu.logicalCpus() > 0 ? cpu.logicalCpus() : Runtime.getRuntime().availableProcessors();
        int physical = cpu.physicalCores() > 0 ? cpu.physicalCores() : logical;
        return new MachineInfo(cpu.model(), logical, physical, parseMemTotalMb(read("/proc/meminfo")),
                read("/proc/sys/kernel/osrelease").trim(), parseOsRelease(read("/etc/os-release")), readLibcVersion(),
                System.getProperty("java.vm.name", "") + " " + System.getProperty("java.runtime.version",
                        System.getProperty("java.version", "")));
    }

    /** Model, logical CPUs and physical cores from /proc/cpuinfo text. */
    record CpuInfo(String model, int logicalCpus, int physicalCores) {
    }

    static CpuInfo parseCpuInfo(String text) {
        String model = null;
        int logical = 0;
        Set<String> cores = new HashSet<>();
        String physicalId = "0";
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "processor" -> logical++;
                // "model name" on x86, "Model"/"Hardware" on some ARM kernels
                case "model name", "Model", "Hardware", "cpu model" -> model = model == null ? value : model;
                case "physical id" -> physicalId = value;
                case "core id" -> cores.add(physicalId + "/" + value);
                default -> { }
            }
        }
        return new CpuInfo(model, logical, cores.size());
    }

    static long parseMemTotalMb(String meminfo) {
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                String[] parts = line.substring("MemTotal:".length()).trim().split("\\s+");
                try {
                    return Long.parseLong(parts[0]) / 1024; // the kernel reports kB
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    static String parseOsRelease(String text) {
        for (String line : text.split("\n")) {
            if (line.startsWith("PRETTY_NAME=")) {
                return line.substring("PRETTY_NAME=".length()).trim().replaceAll("^\"|\"$", "");
            }
        }
        return null;
    }

    /** {@code getconf GNU_LIBC_VERSION} prints e.g. "glibc 2.36"; absent on musl systems. */
    private static String readLibcVersion() {
        try {
            Process p = new ProcessBuilder("getconf", "GNU_LIBC_VERSION").redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readNBytes(200);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).trim() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? UNKNOWN : s;
    }
}
