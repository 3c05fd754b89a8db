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
                               long timeoutMillis, Client client) implements KvOptions.Part {
    /** Which client library sends the load. */
    public enum Client {
        /** benchkit's blocking connection: request and reply in the session's thread, no allocation (as memslap). */
        DIRECT,
        /** spymemcached: an I/O thread per client and futures; needed for --pipeline above 1. */
        SPYMEMCACHED
    }

    /** {@link #timeoutMillis} as the socket calls take it (an int; a longer one is as good as endless). */
    public int socketTimeoutMillis() {
        return (int) Math.min(Integer.MAX_VALUE, timeoutMillis);
    }

    public static final String CLIENT = "client";
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
        s.add(new OptionSpec(CLIENT, "auto",
                "direct (blocking, in-thread, as memslap), spymemcached, or auto = direct unless --pipeline > 1"));
        return s;
    }

    public static MemcachedOptions from(String workload, KvOperation op, java.util.Map<String, String> given) {
        OptionValues v = OptionValues.parse(workload, specs(op), given);
        KvOptions kv = KvOptions.from(op, v);
        List<InetSocketAddress> servers = v.isSet(SERVERS) ? MemcachedServers.parse(SERVERS, v.string(SERVERS)) : null;
        Protocol protocol = Protocol.valueOf(v.choice(PROTOCOL, List.of("binary", "text")).toUpperCase(Locale.ROOT));
        int pipeline = v.intValue(PIPELINE, 1, 65536);
        long timeout = v.longValue(TIMEOUT, 1, 3_600_000);
        String c = v.choice(CLIENT, List.of("auto", "direct", "spymemcached"));
        Client client = c.equals("auto") ? (pipeline > 1 ? Client.SPYMEMCACHED : Client.DIRECT)
                : Client.valueOf(c.toUpperCase(Locale.ROOT));
        if (client == Client.DIRECT && pipeline > 1) {
            throw new benchkit.spi.InvalidOptionException(workload + ": --pipeline=" + pipeline
                    + " needs --client=spymemcached (the direct client has one request in flight)");
        }
        return new MemcachedOptions(kv, servers, protocol, pipeline, timeout, client);
    }
}
