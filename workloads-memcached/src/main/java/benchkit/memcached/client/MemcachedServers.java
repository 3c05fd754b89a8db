package benchkit.memcached.client;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/** Parses {@code host:port[,host:port...]}, or takes the target's address when none is given. */
public final class MemcachedServers {
    private MemcachedServers() {
    }

    public static List<InetSocketAddress> parse(String option, String text) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new InvalidOptionException("--" + option + "=" + text + " is not valid; expected host:port[,host:port...]");
            }
            long port;
            try {
                port = OptionValues.parseWhole(p.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new InvalidOptionException("--" + option + "=" + text + " has a bad port in '" + p + "'; expected 1 to 65535");
            }
            InetSocketAddress server = InetSocketAddress.createUnresolved(p.substring(0, colon), (int) port);
            if (out.contains(server)) {
                // twice in the list, it would take twice the share of the keys: a typo, not a wish
                throw new InvalidOptionException("--" + option + "=" + text + " names " + p + " twice; name each server once");
            }
            out.add(server);
        }
        return out;
    }

    /** Resolved copies for a client that connects. */
    public static List<InetSocketAddress> resolved(List<InetSocketAddress> servers) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (InetSocketAddress a : servers) {
            out.add(new InetSocketAddress(a.getHostString(), a.getPort()));
        }
        return out;
    }

    /**
     * What a refused connection to {@code server} means, after "cannot connect to memcached at ...": nothing listens
     * there, which the user fixes there, not by waiting longer; {@code among} names it when it was one of several.
     */
    public static String refused(InetSocketAddress server, boolean among) {
        return (among ? ": nothing is listening at " + server.getHostString() + ":" + server.getPort()
                : ": nothing is listening there") + " (connection refused); start memcached there or name another with "
                + "--memcached-servers";
    }

    public static String describe(List<InetSocketAddress> servers) {
        List<String> s = new ArrayList<>();
        for (InetSocketAddress a : servers) {
            s.add(a.getHostString() + ":" + a.getPort());
        }
        return String.join(",", s);
    }
}
