package benchkit.collectors.process;

import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

import java.util.Optional;

/** Reads a fresh {@link ProcessSnapshot} of a pid through OSHI; empty once the process is gone. */
public final class ProcessProbe {
    private final OperatingSystem os = new SystemInfo().getOperatingSystem();

    public Optional<ProcessSnapshot> read(long pid) {
        OSProcess p;
        try {
            p = os.getProcess(Math.toIntExact(pid));
        } catch (ArithmeticException e) {
            return Optional.empty();
        }
        long now = System.nanoTime();
        // A zombie has ended; what it shows is no longer a live server.
        if (p == null || p.getState() == OSProcess.State.INVALID || p.getState() == OSProcess.State.ZOMBIE) {
            return Optional.empty();
        }
        return Optional.of(new ProcessSnapshot(p.getStartTime(), p.getUserTime(), p.getKernelTime(),
                p.getResidentMemory(), p.getVirtualSize(), now));
    }
}
