package benchkit.spi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Entry point of a workload plugin, found by {@link java.util.ServiceLoader}
 * ({@code META-INF/services/benchkit.spi.WorkloadFactory}).
 */
public interface WorkloadFactory {
    /** Unique name used on the command line, e.g. {@code point-select}. */
    String name();

    /** One line for {@code bench list}. */
    String description();

    /** Options this workload accepts, with their defaults; shown by {@code bench list}. */
    default List<OptionSpec> options() {
        return List.of();
    }

    /**
     * Creates the workload from option values (canonical names, see {@link OptionValues}).
     *
     * @throws InvalidOptionException for unknown options or bad values
     */
    Workload create(Map<String, String> options);

    /**
     * The protocol this workload speaks, which decides the servers it can run against in a matrix:
     * {@code mysql} (MySQL and MariaDB servers) or {@code memcached}.
     */
    default String protocol() {
        return "mysql";
    }

    /**
     * The workload this one is compared against when both ran in one command: the same operations done another way,
     * as its baseline (study D: {@code memcached-get} against {@code sql-kv-get}, the SQL path the InnoDB memcached
     * plugin replaces). The run's summary and report then show this workload's effect against that one. The two ran
     * one after the other, so their forks are not paired. Empty by default.
     */
    default Optional<String> baselineWorkload() {
        return Optional.empty();
    }

    /**
     * Why a run with {@code options} would measure nothing, if it would (reads from tables of 0 rows): bench's own
     * command lines refuse such a run, exit 2, while a sysbench line runs it as sysbench does. Empty by default.
     */
    default Optional<String> measuresNothing(Map<String, String> options) {
        return Optional.empty();
    }

    /** The SPI version this plugin was built against. */
    default int spiVersion() {
        return SpiVersion.CURRENT;
    }
}
