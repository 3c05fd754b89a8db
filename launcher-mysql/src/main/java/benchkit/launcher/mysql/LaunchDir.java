package benchkit.launcher.mysql;

import benchkit.launch.PrivateTempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The private (0700) directory of one launch and the files the server keeps in it. */
public record LaunchDir(Path path) {
    /** Unix socket paths longer than this do not fit in sockaddr_un. */
    static final int MAX_SOCKET_PATH = 107;

    public static LaunchDir create(Path parent) throws IOException {
        LaunchDir dir = new LaunchDir(PrivateTempDir.create(parent, "benchkit-mysql-"));
        if (dir.socket().toString().length() > MAX_SOCKET_PATH) {
            PrivateTempDir.deleteRecursively(dir.path());
            throw new IOException("temp dir path too long for a unix socket (" + dir.socket()
                    + "); choose a shorter temp directory");
        }
        Files.createDirectories(dir.tmpdir());
        return dir;
    }

    public Path datadir() { return path.resolve("data"); }

    public Path socket() { return path.resolve("mysqld.sock"); }

    public Path pidFile() { return path.resolve("mysqld.pid"); }

    public Path errorLog() { return path.resolve("error.log"); }

    public Path myCnf() { return path.resolve("my.cnf"); }

    public Path tmpdir() { return path.resolve("tmp"); }

    /** Output of the datadir initialisation (mysqld --initialize-insecure or mariadb-install-db). */
    public Path initLog() { return path.resolve("init.log"); }

    /** The server's stdout/stderr (dynamic loader messages land here, not in the error log). */
    public Path consoleLog() { return path.resolve("console.log"); }
}
