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
        if (!isProbeable()) {
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

    /** Whether this is a local engine we can ask (a remote {@code DOCKER_HOST} is left to Testcontainers). */
    boolean isProbeable() {
        String host = System.getenv("DOCKER_HOST");
        return host == null || host.isBlank() || host.startsWith("unix://");
    }

    /** Whether the image is in the engine's local store (so nothing needs to be pulled). */
    public boolean hasImage(String image) {
        try {
            return status("/images/" + URLEncoder.encode(image, StandardCharsets.UTF_8) + "/json") == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Pulls the image once (no retries: without a registry this fails in a moment, where
     * Testcontainers would retry for minutes). Returns the engine's error, or empty on success.
     */
    public Optional<String> pull(String repository, String tag) {
        String path = "/images/create?fromImage=" + URLEncoder.encode(repository, StandardCharsets.UTF_8)
                + "&tag=" + URLEncoder.encode(tag, StandardCharsets.UTF_8);
        try {
            String answer = exchange("POST", path, Integer.MAX_VALUE);
            int status = statusOf(answer);
            int body = answer.indexOf("\r\n\r\n");
            String text = body < 0 ? "" : answer.substring(body + 4);
            if (status != 200) {
                return Optional.of(messageOf(text).orElse("HTTP " + status));
            }
            // a pull that fails midway still answers 200 and reports the error in its progress stream
            int err = text.lastIndexOf("\"error\"");
            return err < 0 ? Optional.empty() : Optional.of(messageOf(text.substring(err)).orElse("pull failed"));
        } catch (IOException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }

    private static Optional<String> messageOf(String json) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(?:message|error)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
                .matcher(json);
        return m.find() ? Optional.of(m.group(1).replace("\\\"", "\"")) : Optional.empty();
    }

    private int status(String path) throws IOException {
        return statusOf(exchange("GET", path, 64));
    }

    private static int statusOf(String answer) throws IOException {
        String[] parts = answer.split(" ", 3); // "HTTP/1.0 200 OK"
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP answer");
        }
        try {
            return Integer.parseInt(parts[1].trim());
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP answer");
        }
    }

    /** One HTTP/1.0 request; reads the answer until {@code limit} bytes or the end. */
    private String exchange(String method, String path, int limit) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ByteBuffer request = ByteBuffer.wrap((method + " " + path + " HTTP/1.0\r\nHost: docker\r\n"
                    + "Content-Length: 0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            while (request.hasRemaining()) {
                ch.write(request);
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buf = ByteBuffer.allocate(8192);
            while (answer.size() < limit && ch.read(buf) > 0) {
                answer.write(buf.array(), 0, buf.position());
                buf.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }
}
