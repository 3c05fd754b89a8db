package benchkit.memcached.stats;

import benchkit.memcached.client.MemcachedServers;
import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.List;
import java.util.Map;

/**
 * The {@code memcached-stats} collector: per iteration, memcached's own counters as
 * {@code memcached.*} metrics (connections, get hits and misses, sets, bytes, evictions, CPU).
 */
public final class MemcachedStatsCollectorFactory implements CollectorFactory {
    public static final String NAME = "memcached-stats";
    public static final String SERVERS = "memcached-servers";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "memcached 'stats' per iteration: memcached.curr_connections, get_hits, get_misses, cpu.user, ...";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(new OptionSpec(SERVERS, null, "host:port[,host:port] to read instead of the trial's target"));
    }

    @Override
    public Collector create(Map<String, String> options) {
        OptionValues v = OptionValues.parse(NAME, options(), options);
        return new MemcachedStatsCollector(v.isSet(SERVERS) ? MemcachedServers.parse(SERVERS, v.string(SERVERS)) : null);
    }
}
