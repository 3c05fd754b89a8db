package benchkit.containers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A cheap look at the local Docker engine over its unix socket (plain HTTP, no Testcontainers), so
 * that {@code bench list} and test guards can ask "does an engine answer?" and "is this image here?"
 * without starting Testcontainers (which would try to pull images when things are missing).
 */
public final class DockerEngine {
    private final Path socket;

    DockerEngine(Path socket) {
        this.socket = socket;
    }

    /** The engine named by {@code DOCKER_HOST} (unix sockets only) or {@code /var/run/docker.sock}. */
    public static DockerEngine local() {
        String host = System.getenv("DOCKER_HOST");
        if (host != null && host.startsWith("unix://")) {
            return new DockerEngine(Path.of(host.substring("unix://".length())));
        }
        return new DockerEngine(Path.of("/var/run/docker.sock"));
    }

    /** Why no engine can be used here, or empty when one answers {@code /_ping}. */
    public Optional<String> unavailableReason() {
        String host = System.getenv("DOCKER_HOST");
        if (host != null && !host.isBlank() && !host.startsWith("unix://")) {
            return Optional.empty(); // a remote engine: Testcontainers will reach it; we cannot probe it cheaply
        }
        if (!Files.exists(socket)) {
            return Optional.of("no Docker engine: " + socket + " does not exist (start one with scripts/docker-up.sh)");
        }
        try {
            int status = status("/_ping");
            return status == 200 ? Optional.empty()
                    : Optional.of("Docker engine at " + socket + " answered /_ping with HTTP " + status);
        } catch (IOException e) {
            return Optional.of("no Docker engine answers at " + socket + ": " + e.getMessage());
        }
    }

    /** Whether the image is in the engine's local store (so nothing needs to be pulled). */
    public boolean hasImage(String image) {
        try {
            return status("/images/" + URLEncoder.encode(image, StandardCharsets.UTF_8) + "/json") == 200;
        } catch (IOException e) {
            return false;
        }
    }

    private int status(String path) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ByteBuffer request = ByteBuffer.wrap(("GET " + path + " HTTP/1.0\r\nHost: docker\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            while (request.hasRemaining()) {
                ch.write(request);
            }
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            ByteBuffer buf = ByteBuffer.allocate(256);
            while (head.size() < 64 && ch.read(buf) > 0) {
                head.write(buf.array(), 0, buf.position());
                buf.clear();
            }
            String line = head.toString(StandardCharsets.US_ASCII);
            String[] parts = line.split(" ", 3); // "HTTP/1.0 200 OK"
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP answer");
            }
            return Integer.parseInt(parts[1].trim());
        }
    }
}
