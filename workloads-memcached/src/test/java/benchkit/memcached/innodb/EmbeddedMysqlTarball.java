package benchkit.memcached.innodb;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Reads the embedded MySQL tarballs that benchkit-core carries (classpath resources). */
final class EmbeddedMysqlTarball {
    static final String MYSQL_80 = "/benchkit/embedded/mysql-8.0/mysql-Linux-amd64.tar.gz";
    static final String MYSQL_57 = "/benchkit/embedded/mysql-5.7/mysql-Linux-amd64.tar.gz";

    private EmbeddedMysqlTarball() {
    }

    static List<String> entries(String resource) throws IOException {
        List<String> names = new ArrayList<>();
        try (TarArchiveInputStream tar = open(resource)) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                names.add(e.getName());
            }
        }
        return names;
    }

    /** Copies one entry out to {@code target}. */
    static Path extract(String resource, String entry, Path target) throws IOException {
        try (TarArchiveInputStream tar = open(resource)) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                if (e.getName().equals(entry)) {
                    Files.copy(tar, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    return target;
                }
            }
        }
        throw new IOException(entry + " not in " + resource);
    }

    private static TarArchiveInputStream open(String resource) throws IOException {
        InputStream in = EmbeddedMysqlTarball.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IOException(resource + " not on the classpath (run ./mvnw -o -q -pl core compile)");
        }
        return new TarArchiveInputStream(new GZIPInputStream(in, 1 << 16));
    }
}
