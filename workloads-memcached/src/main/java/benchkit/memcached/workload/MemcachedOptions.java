package benchkit.memcached.workload;

import benchkit.memcached.client.MemcachedServers;
import benchkit.memcached.client.SpyClients.Protocol;
import benchkit.memcached.kv.KvOperation;
import benchkit.memcached.kv.KvOptions;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Options of the memcached workloads: the shared key-value options plus the client's. */
public record MemcachedOptions(KvOptions kv, List<InetSocketAddress> servers, Protocol protocol, int pipeline,
                               long timeoutMillis) {
    public static final String SERVERS = "memcached-servers";
    public static final String PROTOCOL = "protocol";
    public static final String PIPELINE = "pipeline";
    public static final String TIMEOUT = "timeout";

    public static List<OptionSpec> specs(KvOperation op) {
        List<OptionSpec> s = new ArrayList<>(KvOptions.specs(op));
        s.add(new OptionSpec(SERVERS, null, "host:port[,host:port] to load instead of the target"));
        s.add(new OptionSpec(PROTOCOL, "binary", "memcached protocol: binary or text"));
        s.add(new OptionSpec(PIPELINE, "1",
                "requests in flight per connection; 1 = request/response as memslap, N > 1 = async window of N"));
        s.add(new OptionSpec(TIMEOUT, "5000", "per-request timeout in ms; a timed-out request is an error"));
        return s;
    }

    public static MemcachedOptions from(String workload, KvOperation op, java.util.Map<String, String> given) {
        OptionValues v = OptionValues.parse(workload, specs(op), given);
        KvOptions kv = KvOptions.from(op, v);
        List<InetSocketAddress> servers = v.isSet(SERVERS) ? MemcachedServers.parse(SERVERS, v.string(SERVERS)) : null;
        Protocol protocol = Protocol.valueOf(v.choice(PROTOCOL, List.of("binary", "text")).toUpperCase(Locale.ROOT));
        int pipeline = v.intValue(PIPELINE, 1, 65536);
        long timeout = v.longValue(TIMEOUT, 1, 3_600_000);
        return new MemcachedOptions(kv, servers, protocol, pipeline, timeout);
    }
}
