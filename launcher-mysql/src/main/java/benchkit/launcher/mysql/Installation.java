package benchkit.launcher.mysql;

import benchkit.launch.Executables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A server installation ready to launch: its base directory, the server binary and, for MariaDB,
 * the datadir init script.
 */
public record Installation(String distribution, Path basedir, Path serverBinary, Optional<Path> installDb,
                           ServerFlavor flavor) {

    /** Runs {@code BINARY --version} to learn the flavour, failing with a clear message if it cannot run. */
    public static Installation probe(String distribution, Path basedir, Path serverBinary) throws IOException {
        ServerFlavor flavor = ServerFlavor.parse(versionOutput(serverBinary));
        Optional<Path> installDb = flavor.isMariaDb() ? findInstallDb(basedir, serverBinary) : Optional.empty();
        if (flavor.isMariaDb() && installDb.isEmpty()) {
            throw new IOException("no mariadb-install-db or mysql_install_db found next to " + serverBinary + ", under "
                    + basedir + " or on PATH");
        }
        return new Installation(distribution, basedir, serverBinary, installDb, flavor);
    }

    static String versionOutput(Path binary) throws IOException {
        Process p = new ProcessBuilder(binary.toString(), "--no-defaults", "--version").redirectErrorStream(true).start();
        String out;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(binary + " --version did not finish in 60 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + binary + " --version");
        }
        Optional<String> missing = MissingLibrary.explain(binary.getFileName().toString(), out);
        if (missing.isPresent()) {
            // a server this machine cannot run: bad input for it, said before anything starts
            throw new benchkit.spi.InvalidOptionException(missing.get());
        }
        if (p.exitValue() != 0) {
            throw new IOException(binary + " --version failed (exit " + p.exitValue() + "): " + out.strip().replace('\n', ' '));
        }
        return out;
    }

    private static Optional<Path> findInstallDb(Path basedir, Path serverBinary) {
        List<String> names = List.of("mariadb-install-db", "mysql_install_db");
        List<Path> dirs = new java.util.ArrayList<>(List.of(serverBinary.getParent(), basedir.resolve("bin"),
                basedir.resolve("scripts")));
        dirs.addAll(Executables.pathDirectories());
        return Executables.firstIn(dirs, names);
    }
}
