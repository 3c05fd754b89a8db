package benchkit.it;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted for one test: a real file system that runs out of space. Mounting needs
 * root (CI runs as root); without it the test fails saying so rather than passing silently.
 */
final class Tmpfs implements AutoCloseable {
    private final Path dir;

    private Tmpfs(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code size} (mount's syntax: {@code 64k}, {@code 2m}) on a new directory {@code dir}. */
    static Tmpfs mount(Path dir, String size) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        run("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0755", "tmpfs", dir.toString());
        return new Tmpfs(dir);
    }

    Path dir() {
        return dir;
    }

    /** Writes {@code name} until the file system is full. */
    void fill(String name) throws IOException {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            // the file system's own count, not the error's words, which follow the locale ("Aygıt üzerinde boş yer yok")
            if (Files.getFileStore(dir).getUsableSpace() >= block.length) {
                throw full;
            }
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("umount", "--lazy", dir.toString());       // lazy: a process still holding a file there must not keep it mounted
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in 30 s");
        }
        String output = new String(p.getInputStream().readAllBytes()).strip();
        if (p.exitValue() != 0) {
            boolean root = "root".equals(System.getProperty("user.name"));
            throw new AssertionError(String.join(" ", command) + " failed (exit " + p.exitValue() + "): " + output
                    + (root ? "" : "; this test mounts a tmpfs and needs root (CI runs as root)"));
        }
    }
}
