package benchkit.core.run.results;

import benchkit.core.run.plan.RunPlan;

import benchkit.spi.InvalidOptionException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Refuses a run, before any server starts, whose result directory clearly cannot hold its results.
 * The estimate is a floor, not a forecast: a run refused by it would certainly fail to write its
 * results, while one that passes may still meet a disk filling up later (the journal keeps what
 * was written then).
 */
public final class ResultSpace {
    /** report.html with Chart.js inlined (about 225 KB), and run.json. */
    public static final long FIXED_BYTES = 256 * 1024;
    /** A trial's jmh-result.json entry (about 12 KB with the default collectors), CSV row and report share. */
    public static final long TRIAL_BYTES = 16 * 1024;
    /** A journal line per iteration (about 1.3 KB with the default collectors). */
    public static final long ITERATION_BYTES = 2 * 1024;

    private ResultSpace() {
    }

    public static long needed(RunPlan plan) {
        long trials = (long) plan.forks() * plan.variants().size() * plan.threads().size();
        long iterations = trials * (plan.warmupIterations() + plan.measurementIterations());
        return FIXED_BYTES + trials * TRIAL_BYTES + iterations * ITERATION_BYTES;
    }

    /** Throws a one-line {@link InvalidOptionException} (bad input: exit 2) when {@code dir} is short of space. */
    public static void check(Path dir, RunPlan plan) {
        long usable;
        long total;
        try {
            // the directory itself may not exist yet: nothing is created for a run that is refused
            Path existing = dir.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return;
            }
            FileStore store = Files.getFileStore(existing);
            usable = store.getUsableSpace();
            total = store.getTotalSpace();
        } catch (IOException | SecurityException e) {
            return;                             // unknown: the writers will say so if it runs out
        }
        long needed = needed(plan);
        if (total > 0 && usable < needed) {     // a total of 0 is a pseudo file system that tells nothing
            throw tooLittle(dir, usable, needed, plan.resultFiles());
        }
    }

    /** The refusal of a run whose result directory has {@code usable} bytes where it needs {@code needed}. */
    static InvalidOptionException tooLittle(Path dir, long usable, long needed, boolean resultFiles) {
        // a run without result files (a sysbench line) journals in the JVM's temporary directory, which --out does not move
        return new InvalidOptionException("not enough free space for the results in " + dir + ": " + usable
                + " bytes usable, at least " + needed + " needed; free space there, or " + (resultFiles
                ? "give another --out" : "name another temporary directory: BENCH_JAVA_OPTS=-Djava.io.tmpdir=DIR"));
    }

    /** Below this many bytes free, a write that failed met a full disk (what the system says of it follows the locale). */
    public static final long FULL_BELOW = 1024 * 1024;

    /**
     * After a write in {@code dir} failed: "its disk is full (N KB free)" when there is next to no space left there,
     * else empty. bench's words, where the system's follow the locale.
     */
    public static java.util.Optional<String> whyFull(Path dir) {
        return whyFull(usable(dir));
    }

    static java.util.Optional<String> whyFull(long usableBytes) {
        return usableBytes < 0 || usableBytes >= FULL_BELOW ? java.util.Optional.empty()
                : java.util.Optional.of("its disk is full (" + usableBytes / 1024 + " KB free)");
    }

    /**
     * The bytes free on the file system of {@code dir} (or of its nearest existing parent); -1 when unknown, as for a
     * pseudo file system (/proc), whose total of 0 tells nothing.
     */
    public static long usable(Path dir) {
        Path existing = dir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            FileStore store = existing == null ? null : Files.getFileStore(existing);
            return store == null || store.getTotalSpace() == 0 ? -1 : store.getUsableSpace();
        } catch (IOException | SecurityException e) {
            return -1;
        }
    }
}
