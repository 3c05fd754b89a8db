package benchkit.memcached.stats;

import benchkit.memcached.client.MemcachedServers;
import benchkit.memcached.client.MemcachedText;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What memcached's own {@code stats} say happened to each server between two looks that empties it of the keys loaded
 * before the run: a restart (another {@code pid}, or a later start time, {@code time - uptime}) or a {@code flush_all}
 * ({@code cmd_flush} grew). Evictions are not among them: a full memcached evicts some keys by design; how many it
 * evicted since bench loaded its keys ({@link #evicted}) is the workload's to judge with its misses. A server that
 * does not answer, or lacks a field (the InnoDB memcached plugin's shorter stats), says nothing of what it cannot tell.
 */
public final class KeyLossWatch {
    /** time and uptime are whole seconds: a start time later by more than this is a new start, not rounding. */
    static final long START_SLACK_SECONDS = 2;

    private final int timeoutMillis;
    /** The last look at each server, by host:port; a server that did not answer has none. */
    private final Map<String, Look> last = new ConcurrentHashMap<>();
    /** Each server's evictions counter when counting began ({@link #loading}, else the first {@link #look}). */
    private final Map<String, Baseline> evictionsFrom = new ConcurrentHashMap<>();

    /** A server's evictions counter at a moment, and that moment in words ("bench loaded its keys"). */
    private record Baseline(long evictions, String since) {
    }

    /** Evictions on one server since {@code since}, as {@link #evicted} tells them. */
    public record Evicted(String server, long evictions, String since) {
    }

    /** Looks at {@code servers} as bench starts loading its keys: the evictions that follow are of keys it loaded. */
    public void loading(List<InetSocketAddress> servers) {
        for (InetSocketAddress s : servers) {
            Look now = lookAt(s);
            if (now != null && now.evictions.isPresent()) {
                evictionsFrom.put(key(s), new Baseline(now.evictions.getAsLong(), "bench loaded its keys"));
            }
        }
    }

    public KeyLossWatch(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** Looks at {@code servers} now: what {@link #since} compares with next. */
    public void look(List<InetSocketAddress> servers) {
        for (InetSocketAddress s : servers) {
            Look now = lookAt(s);
            if (now != null && now.evictions.isPresent()) {
                // keys loaded by an earlier run: count from the trial's start
                evictionsFrom.putIfAbsent(key(s), new Baseline(now.evictions.getAsLong(), "the trial began"));
            }
        }
    }

    /**
     * The servers that evicted items since bench loaded its keys (or since the trial began, when it loaded none), as of
     * the last look; none when a server does not report evictions.
     */
    public List<Evicted> evicted(List<InetSocketAddress> servers) {
        List<Evicted> out = new ArrayList<>();
        for (InetSocketAddress s : servers) {
            Look now = last.get(key(s));
            Baseline from = evictionsFrom.get(key(s));
            if (now != null && from != null && now.evictions.isPresent() && now.evictions.getAsLong() > from.evictions) {
                out.add(new Evicted(key(s), now.evictions.getAsLong() - from.evictions, from.since));
            }
        }
        return out;
    }

    /**
     * What happened to {@code servers} since the last look (at the end of the last iteration, or as the trial's sessions
     * opened), one phrase per server it happened to, e.g. {@code memcached 127.0.0.1:11211 restarted during this iteration
     * (pid 123 → 456)}; this look is the next one's baseline.
     */
    public List<String> since(List<InetSocketAddress> servers) {
        List<String> out = new ArrayList<>();
        for (InetSocketAddress s : servers) {
            Look before = last.get(key(s));
            Look now = lookAt(s);
            if (before != null && now != null) {
                change(before, now).ifPresent(c -> {
                    out.add("memcached " + key(s) + " " + c);
                    // a restarted server counts its evictions from zero
                    evictionsFrom.computeIfPresent(key(s), (k, b) -> new Baseline(0, "it restarted"));
                });
            }
        }
        return out;
    }

    private Look lookAt(InetSocketAddress s) {
        try {
            Look now = Look.of(MemcachedText.stats(s.getHostString(), s.getPort(), timeoutMillis));
            last.put(key(s), now);
            return now;
        } catch (IOException e) {
            // a server that does not answer fails the run's requests already; nothing to compare with next time
            last.remove(key(s));
            return null;
        }
    }

    private static String key(InetSocketAddress s) {
        return MemcachedServers.describe(List.of(s));
    }

    /** A restart or a flush between {@code before} and {@code now}, in words; empty when neither, or cannot tell. */
    static Optional<String> change(Look before, Look now) {
        if (before.pid.isPresent() && now.pid.isPresent() && before.pid.getAsLong() != now.pid.getAsLong()) {
            return Optional.of("restarted during this iteration (pid " + before.pid.getAsLong() + " → "
                    + now.pid.getAsLong() + ")");
        }
        if (before.started.isPresent() && now.started.isPresent()
                && now.started.getAsLong() - before.started.getAsLong() > START_SLACK_SECONDS) {
            // the same pid, as a container's memcached has after its restart: its start time tells
            return Optional.of("restarted during this iteration ("
                    + (now.pid.isPresent() ? "pid " + now.pid.getAsLong() + " again, but " : "") + "started "
                    + (now.started.getAsLong() - before.started.getAsLong()) + " s later; up " + now.uptime.getAsLong() + " s)");
        }
        if (before.flushes.isPresent() && now.flushes.isPresent() && now.flushes.getAsLong() > before.flushes.getAsLong()) {
            return Optional.of("was flushed during this iteration (flush_all by another client; cmd_flush "
                    + before.flushes.getAsLong() + " → " + now.flushes.getAsLong() + ")");
        }
        return Optional.empty();
    }

    /** The fields of one {@code stats} reply that tell a server's life; each empty when not reported. */
    record Look(OptionalLong pid, OptionalLong uptime, OptionalLong started, OptionalLong flushes, OptionalLong evictions) {
        static Look of(Map<String, String> stats) {
            OptionalLong time = number(stats, "time");
            OptionalLong uptime = number(stats, "uptime");
            OptionalLong started = time.isPresent() && uptime.isPresent()
                    ? OptionalLong.of(time.getAsLong() - uptime.getAsLong()) : OptionalLong.empty();
            return new Look(number(stats, "pid"), uptime, started, number(stats, "cmd_flush"), number(stats, "evictions"));
        }

        private static OptionalLong number(Map<String, String> stats, String field) {
            String v = stats.get(field);
            if (v == null) {
                return OptionalLong.empty();
            }
            try {
                return OptionalLong.of(Long.parseLong(v.strip()));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
    }
}
