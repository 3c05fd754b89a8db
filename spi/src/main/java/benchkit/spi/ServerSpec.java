package benchkit.spi;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What to launch.
 *
 * @param distribution which server, in the launcher's terms (e.g. {@code mysql-8.0}, {@code system},
 *                     {@code basedir:/opt/mysql})
 * @param settings     server options laid over the launcher's template (e.g. {@code innodb_buffer_pool_size=1G});
 *                     only the server's own, never the launcher's knobs, which are {@code launch}
 * @param allocator    the memory allocator to run the server with
 * @param cpus         CPU list to pin the server to (e.g. {@code 0-1}); empty for no pinning
 * @param launch       how the launcher itself behaves for this launch (start timeout, keeping its files)
 */
public record ServerSpec(String distribution, Map<String, String> settings, AllocatorSpec allocator, String cpus,
                         Launch launch) {
    public ServerSpec {
        Objects.requireNonNull(distribution, "distribution");
        settings = Map.copyOf(settings);
        Objects.requireNonNull(allocator, "allocator");
        cpus = cpus == null ? "" : cpus;
        launch = launch == null ? Launch.DEFAULT : launch;
    }

    /** A launch with the launcher's own defaults for timeout and cleanup. */
    public ServerSpec(String distribution, Map<String, String> settings, AllocatorSpec allocator, String cpus) {
        this(distribution, settings, allocator, cpus, Launch.DEFAULT);
    }

    public ServerSpec withLaunch(Launch launch) {
        return new ServerSpec(distribution, settings, allocator, cpus, launch);
    }

    /**
     * The launcher's knobs for one launch, typed so that they never reach the server as settings.
     *
     * @param startTimeout how long the server may take to start and accept connections; empty for the launcher's default
     * @param keepFiles    keep what the launch created (launch directory, datadir, logs) after the server stops, for a
     *                     post-mortem; launchers that create nothing on the host may ignore it
     */
    public record Launch(Optional<Duration> startTimeout, boolean keepFiles) {
        public static final Launch DEFAULT = new Launch(Optional.empty(), false);

        public Launch {
            Objects.requireNonNull(startTimeout, "startTimeout");
            startTimeout.ifPresent(t -> {
                if (t.isNegative() || t.isZero()) {
                    throw new InvalidOptionException("a start timeout must be positive, not " + t.toSeconds() + " s");
                }
            });
        }

        /** {@code timeout} bounds the start, or the launcher's default when null. */
        public Launch withStartTimeout(Duration timeout) {
            return new Launch(Optional.ofNullable(timeout), keepFiles);
        }

        public Launch keepingFiles(boolean keep) {
            return new Launch(startTimeout, keep);
        }

        /** The timeout to use: this launch's, or {@code launcherDefault}. */
        public Duration startTimeoutOr(Duration launcherDefault) {
            return startTimeout.orElse(launcherDefault);
        }
    }
}
