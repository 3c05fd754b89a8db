package benchkit.launcher.mysql;

import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Finds a {@link MavenArtifact} on this machine or downloads it from a Maven repository (Central unless
 * {@code $BENCHKIT_MAVEN_REPOSITORY} names a mirror), checking its SHA-1 both against the one bench knows and
 * the one the repository publishes. On this machine means: the local Maven repository ({@code ~/.m2/repository},
 * where {@code mvn dependency:get} puts it) or bench's {@code downloads/} directory, where a user may place the
 * file by hand.
 *
 * <p>The JDK's {@link HttpClient} does the download: one GET of one file needs no library, and Maven Resolver
 * would bring its HTTP transport and the Maven model jars into bench.jar for it. The JVM's proxy settings ({@code -Dhttps.proxyHost=...})
 * apply.
 */
public final class ArtifactFetcher {
    public static final URI CENTRAL = URI.create("https://repo.maven.apache.org/maven2/");
    public static final String REPOSITORY_ENV = "BENCHKIT_MAVEN_REPOSITORY";
    /** A download that receives nothing for this long is given up (the connection is stuck, not slow). */
    static final Duration STALL = Duration.ofSeconds(60);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    /** Progress of a download in MB, for a progress printer. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (unit, done, total) -> { };

        void update(String unit, long done, long total);
    }

    private final URI repository;
    private final Path localRepository;
    private final Path downloads;
    private final Duration stall;

    public ArtifactFetcher(URI repository, Path localRepository, Path downloads) {
        this(repository, localRepository, downloads, STALL);
    }

    ArtifactFetcher(URI repository, Path localRepository, Path downloads, Duration stall) {
        this.repository = repository.toString().endsWith("/") ? repository : URI.create(repository + "/");
        this.localRepository = localRepository;
        this.downloads = downloads;
        this.stall = stall;
    }

    /** Central (or {@code $BENCHKIT_MAVEN_REPOSITORY}), {@code ~/.m2/repository}, and {@code <cacheDir>/downloads}. */
    public static ArtifactFetcher forCache(Path cacheDir) {
        String mirror = System.getenv(REPOSITORY_ENV);
        URI repository = mirror == null || mirror.isBlank() ? CENTRAL : URI.create(mirror.strip());
        String local = System.getProperty("maven.repo.local");
        Path m2 = local != null && !local.isBlank() ? Path.of(local)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
        return new ArtifactFetcher(repository, m2, cacheDir.resolve("downloads"));
    }

    /** Where a user may put the file by hand. */
    public Path placedFile(MavenArtifact artifact) {
        return downloads.resolve(artifact.fileName());
    }

    /** The file's address in the repository. */
    public URI address(MavenArtifact artifact) {
        return repository.resolve(artifact.repositoryPath());
    }

    /**
     * The artifact already on this machine and matching its checksum: in the local Maven repository or placed in
     * {@code downloads/}. A placed file that does not match is refused with what to do about it.
     */
    public Optional<Path> local(MavenArtifact artifact) throws IOException {
        Path inMaven = localRepository.resolve(artifact.repositoryPath());
        if (Files.isRegularFile(inMaven) && sha1(inMaven).equals(artifact.sha1())) {
            return Optional.of(inMaven);
        }
        Path placed = placedFile(artifact);
        if (Files.isRegularFile(placed)) {
            String actual = sha1(placed);
            if (!actual.equals(artifact.sha1())) {
                throw new InvalidOptionException(placed + " is not " + artifact.coordinates() + ": its SHA-1 is " + actual
                        + ", Maven Central publishes " + artifact.sha1() + "; remove it and bench downloads the right one");
            }
            return Optional.of(placed);
        }
        return Optional.empty();
    }

    /**
     * Downloads the artifact into {@code file} (which the caller made and removes on failure), checking its SHA-1.
     * A repository that cannot be reached is bad input for this machine: the message says how to get the file.
     */
    public void download(MavenArtifact artifact, Path file, Progress progress) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        URI address = address(artifact);
        String published = publishedSha1(http, address);
        if (!published.equals(artifact.sha1())) {
            throw new IOException(repository + " publishes SHA-1 " + published + " for " + artifact.coordinates()
                    + " where Maven Central's is " + artifact.sha1() + "; not downloaded");
        }
        HttpResponse<InputStream> response = send(http, address, HttpResponse.BodyHandlers.ofInputStream());
        MessageDigest digest = newSha1();
        long total = response.headers().firstValueAsLong("content-length").orElse(artifact.bytes());
        AtomicLong received = new AtomicLong();
        AtomicBoolean stalled = new AtomicBoolean();
        ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "download-watch");
            t.setDaemon(true);
            return t;
        });
        try (InputStream in = response.body(); OutputStream out = Files.newOutputStream(file)) {
            long[] seen = {-1};
            watch.scheduleWithFixedDelay(() -> {
                if (received.get() == seen[0]) {
                    stalled.set(true);
                    closeQuietly(in);   // the blocked read below then fails
                }
                seen[0] = received.get();
            }, stall.toMillis(), stall.toMillis(), TimeUnit.MILLISECONDS);
            byte[] buffer = new byte[1 << 16];
            long lastShown = -1;
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                digest.update(buffer, 0, n);
                long done = received.addAndGet(n);
                if (done >> 20 != lastShown || done == total) {
                    lastShown = done >> 20;
                    progress.update(artifact.fileName(), done == total ? total >> 20 : Math.min(lastShown, (total >> 20) - 1),
                            total >> 20);
                }
            }
        } catch (IOException e) {
            if (stalled.get()) {
                throw new IOException("the download of " + address + " received nothing for " + stall.toSeconds()
                        + " s after " + (received.get() >> 20) + " MB; nothing was kept, run again to retry");
            }
            throw new IOException("the download of " + address + " failed after " + (received.get() >> 20) + " MB ("
                    + describe(e) + "); nothing was kept, run again to retry", e);
        } finally {
            watch.shutdownNow();
        }
        String actual = HexFormat.of().formatHex(digest.digest());
        if (!actual.equals(artifact.sha1())) {
            throw new IOException("the download of " + address + " does not match its checksum (SHA-1 " + actual
                    + ", published " + artifact.sha1() + ", " + received.get() + " bytes); nothing was kept, run again");
        }
    }

    private String publishedSha1(HttpClient http, URI address) throws IOException, InterruptedException {
        HttpResponse<String> response = send(http, URI.create(address + ".sha1"), HttpResponse.BodyHandlers.ofString());
        String body = response.body().strip();
        // the file holds the hex digest, sometimes followed by the file name
        String hex = body.split("\\s+")[0].toLowerCase(java.util.Locale.ROOT);
        if (!hex.matches("[0-9a-f]{40}")) {
            throw new IOException(address + ".sha1 does not hold a SHA-1: " + body.substring(0, Math.min(60, body.length())));
        }
        return hex;
    }

    private <T> HttpResponse<T> send(HttpClient http, URI address, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(address).timeout(Duration.ofSeconds(60))
                .header("User-Agent", "benchkit").GET().build();
        HttpResponse<T> response;
        try {
            response = http.send(request, handler);
        } catch (ConnectException | UnknownHostException | HttpConnectTimeoutException e) {
            throw new Unreachable(repository + " cannot be reached (" + describe(e) + ")", e);
        } catch (HttpTimeoutException e) {
            throw new Unreachable(repository + " did not answer within 60 s", e);
        }
        if (response.statusCode() != 200) {
            if (response.body() instanceof InputStream in) {
                closeQuietly(in);
            }
            throw new Unreachable(address + " answered HTTP " + response.statusCode(), null);
        }
        return response;
    }

    /** The repository cannot give the file: no network, no such host, or not there. */
    public static final class Unreachable extends IOException {
        Unreachable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static String sha1(Path file) throws IOException {
        MessageDigest digest = newSha1();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newSha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    private static String describe(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m.strip();
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // closing to unblock a read
        }
    }
}
