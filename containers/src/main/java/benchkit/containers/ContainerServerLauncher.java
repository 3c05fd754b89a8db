package benchkit.containers;

import benchkit.launch.Passwords;
import benchkit.spi.ServerSpec;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * {@code --server container:IMAGE}: runs mariadbd or mysqld from a Docker image (e.g. our local
 * {@code benchkit/mariadb:10.11}, or {@code mariadb:11} / {@code mysql:8.0} where a registry is
 * reachable) with a fresh data directory, the allocator preloaded inside the container, the port
 * published on 127.0.0.1 only, a generated root password and the database {@code sbtest}.
 *
 * <p>Testcontainers drives the engine. Where its helper images cannot be pulled, set
 * {@code TESTCONTAINERS_RYUK_DISABLED=true} (we remove our containers ourselves) and, when running
 * inside a container, {@code TESTCONTAINERS_HOST_OVERRIDE=localhost}.
 */
public final class ContainerServerLauncher extends ContainerLauncher {
    public static final String NAME = "container";
    /** Images scripts/build-images.sh builds from Debian packages. */
    public static final List<String> LOCAL_IMAGES = List.of("benchkit/mariadb:10.11", "benchkit/mysql:sid");
    static final String DATABASE = "sbtest";

    public ContainerServerLauncher() {
        this(Duration.ofSeconds(180));
    }

    /** @param startTimeout how long the server may take to accept connections once its container runs */
    public ContainerServerLauncher(Duration startTimeout) {
        super(NAME, SqlServerFiles.PORT, Set.of("mariadbd", "mysqld"), LOCAL_IMAGES, "mariadb:11, mysql:8.0", startTimeout);
    }

    @Override
    public String settingsOwner() {
        return "mysqld";
    }

    @Override
    public String description() {
        return "mariadbd or mysqld in a Docker container: --server container:IMAGE (e.g. benchkit/mariadb:10.11, mariadb:11)";
    }

    /** A fresh data directory, the settings in an option file, a generated root password and the database sbtest. */
    @Override
    Launch launchOf(ServerSpec spec, ContainerAllocator allocator) {
        String password = Passwords.generate();
        return new Launch(container -> container.script(SqlServerFiles.startScript(allocator))
                .file(SqlServerFiles.CNF, SqlServerFiles.optionFile(spec.settings()), 0644)
                .file(SqlServerFiles.INIT_SQL, SqlServerFiles.initSql(password, DATABASE), 0600),
                (container, timeout) -> JdbcReadiness.await(container, password, DATABASE, timeout), password);
    }
}
