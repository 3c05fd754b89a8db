package benchkit.launcher.mysql;

import benchkit.spi.ServerSpec;

import java.time.Duration;

/**
 * What one launch of the mysql launcher does beyond the server's settings: keep the launch directory after
 * close (for post-mortems) and how long init plus startup may take. The spec's {@link ServerSpec.Launch} wins
 * over the launcher's own defaults.
 */
record LaunchOptions(boolean keepDatadir, Duration startTimeout) {
    static LaunchOptions of(ServerSpec spec, boolean keepDatadir, Duration startTimeout) {
        ServerSpec.Launch launch = spec.launch();
        return new LaunchOptions(keepDatadir || launch.keepFiles(), launch.startTimeoutOr(startTimeout));
    }
}
