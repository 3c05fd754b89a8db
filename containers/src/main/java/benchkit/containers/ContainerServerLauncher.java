package benchkit.containers;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.time.Duration;
import java.util.ArrayList;
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
public final class ContainerServerLauncher implements ServerLauncher {
    public static final String NAME = "container";
    /** Images scripts/build-images.sh builds from Debian packages. */
    public static final List<String> LOCAL_IMAGES = List.of("benchkit/mariadb:10.11", "benchkit/mysql:sid");
    static final String DATABASE = "sbtest";

    private final Duration startTimeout;

    public ContainerServerLauncher() {
        this(Duration.ofSeconds(180));
    }

    /** @param startTimeout how long the server may take to accept connections once its container runs */
    public ContainerServerLauncher(Duration startTimeout) {
        this.startTimeout = startTimeout;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String settingsOwner() {
        return "mysqld";
    }

    @Override
    public String description() {
        return "mariadbd or mysqld in a Docker container: --server container:IMAGE (e.g. benchkit/mariadb:10.11, mariadb:11)";
    }

    @Override
    public List<Availability> distributions() {
        return availability(DockerEngine.local(), LOCAL_IMAGES, "mariadb:11, mysql:8.0");
    }

    static List<Availability> availability(DockerEngine engine, List<String> localImages, String examples) {
        List<Availability> list = new ArrayList<>();
        var reason = engine.unavailableReason().or(() -> TestcontainersPreflight.problem(engine));
        for (String image : localImages) {
            if (reason.isPresent()) {
                list.add(new Availability(image, false, reason.get()));
            } else if (engine.hasImage(image)) {
                list.add(new Availability(image, true, "local image"));
            } else {
                list.add(new Availability(image, false, "not built here; run scripts/build-images.sh"
                        + (image.startsWith("benchkit/mysql") ? " --with-mysql" : "")));
            }
        }
        list.add(new Availability("IMAGE", reason.isEmpty(), reason.orElse(
                "any local image, or one the engine can pull, e.g. " + examples)));
        return list;
    }

    @Override
    public ServerHandle launch(ServerSpec spec) throws Exception {
        String image = requireImage(spec);
        ContainerAllocator allocator = ContainerAllocator.of(spec.allocator());
        String password = Passwords.generate();
        ServerContainer container = ServerContainer.builder(image, NAME, SqlServerFiles.PORT)
                .script(SqlServerFiles.startScript(allocator))
                .file(SqlServerFiles.CNF, SqlServerFiles.optionFile(spec.settings()), 0644)
                .file(SqlServerFiles.INIT_SQL, SqlServerFiles.initSql(password, DATABASE), 0600)
                .allocator(allocator)
                .cpus(spec.cpus())
                .start();
        try {
            Target target = JdbcReadiness.await(container, password, DATABASE, spec.launch().startTimeoutOr(startTimeout));
            long pid = HostProcess.find(container.initPid(), Set.of("mariadbd", "mysqld")).orElseThrow(
                    () -> new IllegalStateException("no mariadbd or mysqld process found under host pid " + container.initPid()));
            return new ContainerServerHandle(container, pid, target, allocator.proveLoaded(pid));
        } catch (Error e) {
            container.close();
            throw e;
        } catch (Exception e) {
            throw failed(container, image, e, password);
        }
    }

    static String requireImage(ServerSpec spec) {
        String image = spec.distribution().strip();
        if (image.isEmpty()) {
            throw new InvalidOptionException("container: name an image, e.g. --server container:benchkit/mariadb:10.11");
        }
        ServerContainer.parseImage(image);
        DockerEngine engine = DockerEngine.local();
        engine.unavailableReason().or(() -> TestcontainersPreflight.problem(engine)).ifPresent(reason -> {
            throw new IllegalStateException("container:" + image + ": " + reason);
        });
        return image;
    }

    /** Removes the container and explains the failure with the container's last log lines. */
    static IllegalStateException failed(ServerContainer container, String image, Throwable e, String secret) {
        String tail = Secrets.mask(container.errorLines(15), secret);
        container.close();
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        return new IllegalStateException("container " + image + ": " + Secrets.mask(ServerContainer.rootMessage(e), secret)
                + (tail.isBlank() ? "" : "; server log:\n" + tail), e);
    }
}
