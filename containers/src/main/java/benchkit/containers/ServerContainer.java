package benchkit.containers;

import benchkit.launch.Watchdog;
import benchkit.spi.InvalidOptionException;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One server in a Docker container, run the benchkit way: our own entry script
 * ({@code /bin/sh /benchkit/start.sh}, which preloads the allocator and execs the server), one TCP
 * port published on 127.0.0.1 only, optional CPU pinning, and a label that names us. Testcontainers
 * creates and removes it; an image that is already local is never pulled.
 */
final class ServerContainer implements AutoCloseable {
    /** Label on every container we start, so leftovers can be found ({@code docker ps -a --filter label=...}). */
    static final String LABEL = "dev.benchkit.launcher";
    static final String SCRIPT = "/benchkit/start.sh";

    private final GenericContainer<?> container;
    private final int port;
    private String lastLogs = "";
    private boolean closed;
    /** Removes the container if bench is killed (SIGKILL runs no shutdown hook, and Ryuk is off here). */
    private Watchdog watchdog;

    private ServerContainer(GenericContainer<?> container, int port) {
        this.container = container;
        this.port = port;
    }

    /** A container description; call {@link Builder#start()} to run it. */
    static Builder builder(String image, String launcher, int port) {
        return new Builder(image, launcher, port);
    }

    static final class Builder {
        private final DockerImageName image;
        private final String launcher;
        private final int port;
        private final Map<String, Transferable> files = new LinkedHashMap<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private String cpus = "";

        private Builder(String image, String launcher, int port) {
            this.image = parseImage(image);
            this.launcher = launcher;
            this.port = port;
        }

        Builder script(String text) {
            files.put(SCRIPT, Transferable.of(text.getBytes(StandardCharsets.UTF_8), 0755));
            return this;
        }

        /** A file placed in the container before it starts; mode e.g. 0600 for secrets. */
        Builder file(String containerPath, byte[] content, int mode) {
            files.put(containerPath, Transferable.of(content, mode));
            return this;
        }

        Builder allocator(ContainerAllocator allocator) throws IOException {
            if (allocator.hostLibrary().isPresent()) {
                file(allocator.containerPathOfCopy(), Files.readAllBytes(allocator.hostLibrary().get()), 0755);
            }
            env.putAll(allocator.environment());
            return this;
        }

        Builder cpus(String cpus) {
            this.cpus = cpus;
            return this;
        }

        /** Creates and starts the container; the server inside may not answer yet. */
        ServerContainer start() {
            DockerEngine engine = DockerEngine.local();
            if (engine.isProbeable() && !engine.hasImage(image.asCanonicalNameString())) {
                engine.pull(image.getUnversionedPart(), image.getVersionPart()).ifPresent(error -> {
                    throw new IllegalStateException("image " + image.asCanonicalNameString() + " is not here and could not be pulled ("
                            + error + "); build it with scripts/build-images.sh or pull it");
                });
            }
            GenericContainer<?> c = new GenericContainer<>(image);
            files.forEach((path, content) -> c.withCopyToContainer(content, path));
            c.withEnv(env);
            c.withLabel(LABEL, launcher);
            ExposedPort exposed = ExposedPort.tcp(port);
            c.withCreateContainerCmdModifier(cmd -> {
                cmd.withEntrypoint("/bin/sh");
                cmd.withCmd(SCRIPT);
                cmd.withExposedPorts(List.of(exposed));
                // Published on loopback only, on a free port the engine picks.
                cmd.getHostConfig().withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), exposed));
                if (!cpus.isEmpty()) {
                    cmd.getHostConfig().withCpusetCpus(cpus);
                }
            });
            // Readiness is checked by the launcher (JDBC, memcached "version"), which can also say why a start failed.
            c.waitingFor(new AbstractWaitStrategy() {
                @Override
                protected void waitUntilReady() {
                }
            });
            ServerContainer sc = new ServerContainer(c, port);
            try {
                c.start();
                sc.watchdog = Watchdog.removeContainerWhenGone(c.getContainerId());
            } catch (java.io.IOException e) {
                sc.close();
                throw new IllegalStateException("cannot start the watchdog of container " + c.getContainerId() + ": "
                        + e.getMessage(), e);
            } catch (RuntimeException e) {
                sc.close();
                throw new IllegalStateException("container " + image.asCanonicalNameString() + " did not start: "
                        + rootMessage(e), e);
            }
            return sc;
        }
    }

    static DockerImageName parseImage(String image) {
        try {
            DockerImageName name = DockerImageName.parse(image);
            name.assertValid();
            return name;
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionException("container: '" + image + "' is not a valid image name");
        }
    }

    String id() {
        return container.getContainerId();
    }

    String image() {
        return container.getDockerImageName();
    }

    /** The host port that reaches the server's port, on 127.0.0.1. */
    int hostPort() {
        return container.getMappedPort(port);
    }

    /** The host PID of the container's first process (our entry script, which execs the server). */
    long initPid() {
        Long pid = container.getContainerInfo().getState().getPidLong();
        if (pid == null || pid <= 0) {
            throw new IllegalStateException("container " + id() + " has no process");
        }
        return pid;
    }

    boolean isRunning() {
        return !closed && container.isRunning();
    }

    /** The container's output (the entry script's and the server's stdout and stderr). */
    String logs() {
        if (closed) {
            return lastLogs;
        }
        try {
            return container.getLogs();
        } catch (RuntimeException e) {
            return lastLogs;
        }
    }

    String logTail(int lines) {
        List<String> all = logs().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /**
     * What explains a failed start: the log's error lines and our entry script's own messages, or
     * its last lines when there are none (install tools end their output with long help texts).
     */
    String errorLines(int max) {
        List<String> errors = logs().lines()
                .filter(l -> l.startsWith("benchkit:") || l.contains("[ERROR]") || l.contains("ERROR:"))
                .toList();
        return errors.isEmpty() ? logTail(max)
                : String.join("\n", errors.subList(Math.max(0, errors.size() - max), errors.size()));
    }

    /** Stops the server gracefully (SIGTERM, then SIGKILL after a grace period), then removes the container. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        String id = container.getContainerId();
        if (id != null) {
            lastLogs = logs();
            try {
                container.getDockerClient().stopContainerCmd(id).withTimeout(30).exec();
            } catch (RuntimeException e) {
                // already gone or stopped; removal below still runs
            }
        }
        closed = true;
        container.stop(); // removes the container and its volumes
        if (watchdog != null) {
            watchdog.stop();
        }
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
