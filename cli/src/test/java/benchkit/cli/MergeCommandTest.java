package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** What bench merge says when a signal stops it (sweep 5, case 132: SIGTERM ended it with no line). */
class MergeCommandTest {
    @TempDir
    Path tmp;

    @Test
    void aStoppedMergeSaysWhatItLeavesAndHowToGoOn() throws Exception {
        Path out = tmp.resolve("merged");
        assertEquals("merge stopped by " + benchkit.core.run.SignalGuard.lastSignal() + "; the workers' directories are as they were: run the same bench merge again",
                MergeCommand.stopped(out));
        Files.createDirectories(out);
        Files.writeString(out.resolve(benchkit.core.run.results.ResultLock.FILE), "pid 1\n");
        assertEquals("merge stopped by " + benchkit.core.run.SignalGuard.lastSignal() + "; the workers' directories are as they were: run the same bench merge again",
                MergeCommand.stopped(out), "its lock alone is no part of the merge");
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        assertEquals("merge stopped by " + benchkit.core.run.SignalGuard.lastSignal() + "; the workers' directories are as they were, and " + out + " holds part of"
                + " the merge: run the same bench merge again with --force", MergeCommand.stopped(out));
    }

    /** Two interrupted workers merged with --allow-missing (case 101): the last line does not read as a whole run. */
    @Test
    void aMergeWithLoadMissingSaysSoInItsLastLine() {
        Path out = tmp.resolve("m");
        assertEquals("# Merged 2 workers: " + out, MergeCommand.doneLine(2, java.util.List.of(), out));
        assertEquals("# Merged 2 workers, with load missing (2 gaps named above; the merged run is marked incomplete): " + out,
                MergeCommand.doneLine(2, java.util.List.of("worker 0 (w0) did not finish", "worker 1 (w1) did not finish"), out));
    }

    /** A merge onto a full disk (sweep 7, case 63) leaves nothing it wrote, so the same merge is not refused after. */
    @Test
    void aMergeOntoAFullDiskRemovesWhatItWroteAndSaysHowToGoOn() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("m"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        java.util.Set<Path> before = MergeCommand.listing(out);
        Files.writeString(out.resolve(benchkit.core.run.results.ResultLock.FILE), "pid 1\n");
        Files.writeString(out.resolve("journal.jsonl"), "");                    // as the failed write left it
        Files.createDirectories(out.resolve("latency"));
        Files.writeString(out.resolve("latency/glibc-t2-f1.hlog"), "");

        assertEquals("cannot write the merge in " + out + ": its disk is full (2 KB free); nothing of it is left there;"
                + " free space there, then run the same bench merge again",
                MergeCommand.undoOnFullDisk(out, before, false, "its disk is full (2 KB free)"));
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        assertFalse(Files.exists(out.resolve("journal.jsonl")) || Files.exists(out.resolve("latency")));
        benchkit.core.run.results.ResultDirectory.requireFresh(out, false, "--out", false);   // the same merge goes on

        Path made = tmp.resolve("made");
        java.util.Set<Path> none = MergeCommand.listing(made);
        Files.createDirectories(made);
        Files.writeString(made.resolve("journal.jsonl"), "");
        MergeCommand.undoOnFullDisk(made, none, true, "its disk is full (0 KB free)");
        assertFalse(Files.exists(made), "a directory the merge made goes with it");
    }
}
