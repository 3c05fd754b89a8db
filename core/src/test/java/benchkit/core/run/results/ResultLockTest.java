package benchkit.core.run.results;


import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A result directory's lock against a second run: in this JVM, and in another process, alive and then killed. */
class ResultLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondRunIsRefusedWhileTheFirstHoldsTheDirectory() {
        Path out = dir.resolve("out");
        try (ResultLock first = ResultLock.take(out, "--out")) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ResultLock.take(out, "--out"));
            assertTrue(e.getMessage().startsWith("--out " + out + " is being written by another run (pid "
                    + ProcessHandle.current().pid() + ", started "), e.getMessage());
            assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(out, true, "--out"),
                    "--force must not remove the files of a run that is writing them");
        }
        ResultLock.take(out, "--out").close();     // released: the next run takes it
        ResultDirectory.requireFresh(out, true, "--out");
    }

    @Test
    void aLockHeldByAnotherProcessRefusesAndOneItLeftWhenKilledIsTakenOver() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path holder = dir.resolve("Holder.java");
        Files.writeString(holder, """
                import java.nio.channels.FileChannel;
                import java.nio.file.*;
                public class Holder {
                    public static void main(String[] a) throws Exception {
                        FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        c.lock();
                        c.write(java.nio.ByteBuffer.wrap("pid 4242, started then".getBytes()), 0);
                        System.out.println("locked");
                        Thread.sleep(60_000);
                    }
                }
                """);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), holder.toString(),
                out.resolve(ResultLock.FILE).toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", r.readLine());
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ResultLock.take(out, "--out"));
            assertEquals("--out " + out + " is being written by another run (pid 4242, started then): give another "
                    + "directory, or wait until that run ends", e.getMessage());
        } finally {
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        }
        // the dead run's file is there, its lock gone with it: taken over
        try (ResultLock taken = ResultLock.take(out, "--out")) {
            assertTrue(Files.readString(out.resolve(ResultLock.FILE)).startsWith("pid " + ProcessHandle.current().pid()));
        }
    }

    /**
     * Reading a run needs no lock file it can write: a run on a read-only mount (archived CI results) is read, and a
     * run writing it is still seen (sweep 5 cases 79, 80). A lock file that cannot be opened for writing stands in for
     * the mount: read-only by its mode, or, for root, immutable.
     */
    @Test
    void aDirectoryWhoseLockCannotBeWrittenIsReadWithoutALock() throws Exception {
        Path out = dir.resolve("archived");
        ResultLock.take(out, "--out").close();
        Path file = out.resolve(ResultLock.FILE);
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        boolean immutable = Files.isWritable(file) && new ProcessBuilder("chattr", "+i", file.toString())
                .redirectErrorStream(true).start().waitFor() == 0;
        try {
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(file) && !immutable,
                    "cannot make a file this user cannot write");
            ResultLock.requireFree(out, "the run directory");
        } finally {
            if (immutable) {
                new ProcessBuilder("chattr", "-i", file.toString()).start().waitFor();
            }
        }
    }
}
