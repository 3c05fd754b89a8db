package benchkit.launcher.mysql;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * Unpacks the entries of a .zip that a filter accepts, keeping their unix permission bits (mysqld must stay
 * executable) and symbolic links; commons-compress reads both, which {@code java.util.zip} does not.
 */
final class ZipExtractor {
    private ZipExtractor() {
    }

    /** @param progress told the bytes written so far, after each entry */
    static void extract(Path zip, Path destination, Predicate<String> wanted, LongConsumer progress) throws IOException {
        Path root = destination.toAbsolutePath().normalize();
        long written = 0;
        try (ZipFile file = ZipFile.builder().setPath(zip).get()) {
            for (Enumeration<ZipArchiveEntry> entries = file.getEntries(); entries.hasMoreElements(); ) {
                ZipArchiveEntry entry = entries.nextElement();
                if (entry.isDirectory() || !wanted.test(entry.getName())) {
                    continue;
                }
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root)) {
                    throw new IOException("archive entry escapes the destination: " + entry.getName());
                }
                Files.createDirectories(target.getParent());
                if (entry.isUnixSymlink()) {
                    Files.createSymbolicLink(target, Path.of(file.getUnixSymlink(entry)));
                    continue;
                }
                try (InputStream in = file.getInputStream(entry)) {
                    written += Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                int mode = entry.getUnixMode();
                if (mode != 0) {
                    Files.setPosixFilePermissions(target, TarGzExtractor.permissions(mode));
                }
                progress.accept(written);
            }
        }
    }
}
