package benchkit.spi;

/** The version of this SPI. A plugin reports the version it was built for; see {@link #isSupported(int)}. */
public final class SpiVersion {
    /** Bumped when a change breaks plugins built for an older version. */
    public static final int CURRENT = 1;

    private SpiVersion() {
    }

    /** Whether a plugin built against {@code pluginVersion} can run on this SPI. */
    public static boolean isSupported(int pluginVersion) {
        return pluginVersion >= 1 && pluginVersion <= CURRENT;
    }
}
