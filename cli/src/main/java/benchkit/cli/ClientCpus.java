package benchkit.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code --client-cpus}: pins every thread of this JVM (the load generator) to a CPU list with
 * taskset, so on a small machine client and server do not fight for the same core.
 */
final class ClientCpus {
    private static final Path STATUS = Path.of("/proc/self/status");

    private ClientCpus() {
    }

    static void pin(String cpus) throws IOException, InterruptedException {
        if (cpus == null) {
            return;
        }
        BitSet wanted = parse(cpus).orElseThrow(() -> new UsageException("--client-cpus " + cpus
                + ": expected a CPU list such as 1 or 0-1 or 0,2"));
        // taskset says only "Invalid argument" (after the current list, which reads as if it were the cause)
        Optional<String> allowed = allowed();
        Optional<BitSet> usable = allowed.flatMap(ClientCpus::parse);
        if (usable.isPresent()) {
            BitSet missing = (BitSet) wanted.clone();
            missing.andNot(usable.get());
            if (!missing.isEmpty()) {
                boolean one = missing.cardinality() == 1;
                throw new UsageException("--client-cpus " + cpus + ": " + (one ? "CPU " : "CPUs ")
                        + missing.stream().mapToObj(Integer::toString).reduce((a, b) -> a + "," + b).orElse("")
                        + (one ? " is" : " are") + " not on this machine (or not given to bench); it has CPUs "
                        + allowed.get() + ": name some of those");
            }
        }
        long pid = ProcessHandle.current().pid();
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            // its error, not the line that reports the current list before it
            String why = out.lines().filter(l -> l.startsWith("taskset:")).findFirst()
                    .orElse(out.lines().reduce((a, b) -> b).orElse(""));
            throw new UsageException("--client-cpus " + cpus + ": taskset failed: " + why);
        }
    }

    /** A CPU list such as {@code 0-1,4}; empty when it is not one. */
    static Optional<BitSet> parse(String list) {
        if (!list.matches("[0-9]{1,5}(-[0-9]{1,5})?(,[0-9]{1,5}(-[0-9]{1,5})?)*")) {
            return Optional.empty();
        }
        BitSet cpus = new BitSet();
        for (String part : list.split(",")) {
            String[] ends = part.split("-");
            int lo = Integer.parseInt(ends[0]);
            int hi = Integer.parseInt(ends[ends.length - 1]);
            if (lo > hi) {
                return Optional.empty();
            }
            cpus.set(lo, hi + 1);
        }
        return Optional.of(cpus);
    }

    /** The CPUs this process may run on, as the kernel lists them ({@code 0-1}); empty where it does not say. */
    private static Optional<String> allowed() {
        try {
            return Files.readAllLines(STATUS).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring("Cpus_allowed_list:".length()).strip()).findFirst();
        } catch (IOException | SecurityException e) {
            return Optional.empty();        // not Linux: taskset, if there, says what is wrong
        }
    }
}
