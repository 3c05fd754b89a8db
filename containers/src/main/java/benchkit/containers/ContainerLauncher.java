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
 * What the container launchers share: the image is the distribution, the server runs with the allocator preloaded
 * and the CPUs pinned inside a container whose port is published on 127.0.0.1 only, its process is found on the host
 * for the collectors, and a failure is explained with the container's last log lines. Each launcher says what goes
 * into the container and how its server is reached ({@link Launch}).
 */
abstract class ContainerLauncher implements ServerLauncher {
    private final String name;
    private final int port;
    private final Set<String> processNames;
    private final List<String> localImages;
    private final String pullExamples;
    private final Duration startTimeout;

    /**
     * @param processNames the server's process names, to find it on the host
     * @param localImages  images scripts/build-images.sh builds that hold the server
     * @param pullExamples images to name when the engine can pull, e.g. {@code memcached:1.6}
     * @param startTimeout how long the server may take to accept connections once its container runs
     */
    ContainerLauncher(String name, int port, Set<String> processNames, List<String> localImages, String pullExamples,
                      Duration startTimeout) {
        this.name = name;
        this.port = port;
        this.processNames = processNames;
        this.localImages = localImages;
        this.pullExamples = pullExamples;
        this.startTimeout = startTimeout;
    }

    /**
     * One launch: what goes into the container, and how the server in it is reached once it runs.
     *
     * @param secret what is masked in messages (a generated password), or empty
     */
    record Launch(Configure configure, Reach reach, String secret) {
    }

    /** Puts the start script and the server's files into the container. */
    @FunctionalInterface
    interface Configure {
        ServerContainer.Builder into(ServerContainer.Builder container) throws Exception;
    }

    /** Waits until the server in the running container answers; where it is reached. */
    @FunctionalInterface
    interface Reach {
        Target await(ServerContainer container, Duration timeout) throws Exception;
    }

    abstract Launch launchOf(ServerSpec spec, ContainerAllocator allocator);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final List<Availability> distributions() {
        return availability(DockerEngine.local(), localImages, pullExamples);
    }

    @Override
    public final ServerHandle launch(ServerSpec spec) throws Exception {
        String image = requireImage(spec);
        ContainerAllocator allocator = ContainerAllocator.of(spec.allocator());
        Launch launch = launchOf(spec, allocator);
        ServerContainer container = launch.configure().into(ServerContainer.builder(image, name, port))
                .allocator(allocator)
                .cpus(spec.cpus())
                .start();
        try {
            Target target = launch.reach().await(container, spec.launch().startTimeoutOr(startTimeout));
            long pid = HostProcess.find(container.initPid(), processNames).orElseThrow(() -> new IllegalStateException(
                    "no " + String.join(" or ", processNames.stream().sorted().toList()) + " process found under host pid "
                            + container.initPid()));
            return new ContainerServerHandle(container, pid, target, allocator.proveLoaded(pid));
        } catch (Error e) {
            container.close();
            throw e;
        } catch (Exception e) {
            throw failed(container, image, e, launch.secret());
        }
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
