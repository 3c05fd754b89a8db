package benchkit.memcached.stats;

import benchkit.memcached.client.MemcachedServers;
import benchkit.memcached.client.MemcachedText;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads memcached {@code stats} from every server at the start and end of each iteration. */
final class MemcachedStatsCollector implements Collector {
    private static final int TIMEOUT_MILLIS = 5000;
    /** Servers that answer memcached's {@code stats}: native memcached and MySQL's InnoDB memcached plugin. */
    private static final java.util.Set<String> MEMCACHED_PRODUCTS = java.util.Set.of("memcached",
            benchkit.memcached.innodb.InnodbMemcachedLauncher.PRODUCT);

    private final List<InetSocketAddress> configured;
    private List<InetSocketAddress> servers;
    private Map<String, Double> before;
    private long startNanos;

    MemcachedStatsCollector(List<InetSocketAddress> configured) {
        this.configured = configured;
    }

    @Override
    public String name() {
        return MemcachedStatsCollectorFactory.NAME;
    }

    @Override
    public void beforeTrial(TrialInfo trial) {
        if (configured != null) {
            servers = configured;
        } else if (MEMCACHED_PRODUCTS.contains(trial.target().product())) {
            servers = List.of(InetSocketAddress.createUnresolved(trial.target().host(), trial.target().port()));
        } else {
            servers = List.of();    // a MySQL server in the same matrix: nothing of ours to read
        }
    }

    @Override
    public void beforeIteration(TrialInfo trial, IterationInfo iteration) throws IOException {
        if (servers == null) {
            beforeTrial(trial);
        }
        before = snapshot();
        startNanos = System.nanoTime();
    }

    @Override
    public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) throws IOException {
        if (servers.isEmpty()) {
            return List.of();
        }
        Map<String, Double> after = snapshot();
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return MemcachedStats.metrics(before, after, seconds);
    }

    /** Numeric stats summed over the servers. */
    private Map<String, Double> snapshot() throws IOException {
        Map<String, Double> sum = new HashMap<>();
        for (InetSocketAddress s : servers) {
            Map<String, String> stats;
            try {
                stats = MemcachedText.stats(s.getHostString(), s.getPort(), TIMEOUT_MILLIS);
            } catch (IOException e) {
                throw new IOException("memcached-stats: cannot read stats from " + MemcachedServers.describe(List.of(s))
                        + " (is it memcached? set --memcached-servers): " + e.getMessage(), e);
            }
            for (Map.Entry<String, String> e : stats.entrySet()) {
                try {
                    sum.merge(e.getKey(), Double.parseDouble(e.getValue()), Double::sum);
                } catch (NumberFormatException ignored) {
                    // version strings and the like
                }
            }
        }
        return sum;
    }
}
