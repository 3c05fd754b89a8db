package benchkit.spi;

import java.util.List;
import java.util.Map;

/** Entry point of a collector plugin ({@code META-INF/services/benchkit.spi.CollectorFactory}). */
public interface CollectorFactory {
    /** Unique name, e.g. {@code process}. */
    String name();

    String description();

    default List<OptionSpec> options() {
        return List.of();
    }

    /** Whether the collector runs when the user names no collectors. */
    default boolean enabledByDefault() {
        return false;
    }

    /** Creates one collector for one run. */
    Collector create(Map<String, String> options);

    default int spiVersion() {
        return SpiVersion.CURRENT;
    }
}
