package benchkit.core.server;

import benchkit.spi.InvalidOptionException;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The launcher's own knobs, which may also come in {@code ServerSpec.settings()} under {@code benchkit.}
 * keys: {@code benchkit.keep-datadir=true} keeps the launch directory after close (for post-mortems),
 * {@code benchkit.start-timeout=SECONDS} bounds init plus startup. Every other entry is a server setting.
 */
record LaunchOptions(boolean keepDatadir, Duration startTimeout, Map<String, String> serverSettings) {
    static final String KEEP_DATADIR = "benchkit.keep-datadir";
    static final String START_TIMEOUT = "benchkit.start-timeout";

    static LaunchOptions from(Map<String, String> settings, boolean keepDatadir, Duration startTimeout) {
        Map<String, String> server = new LinkedHashMap<>();
        for (var e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey();
            String value = e.getValue() == null ? "" : e.getValue().strip();
            if (key.equals(KEEP_DATADIR)) {
                if (!value.equals("true") && !value.equals("false")) {
                    throw new InvalidOptionException(KEEP_DATADIR + " must be true or false, not '" + value + "'");
                }
                keepDatadir = Boolean.parseBoolean(value);
            } else if (key.equals(START_TIMEOUT)) {
                try {
                    startTimeout = Duration.ofSeconds(Long.parseLong(value));
                } catch (NumberFormatException ex) {
                    throw new InvalidOptionException(START_TIMEOUT + " must be a number of seconds, not '" + value + "'");
                }
                if (startTimeout.isNegative() || startTimeout.isZero()) {
                    throw new InvalidOptionException(START_TIMEOUT + " must be positive");
                }
            } else if (key.startsWith("benchkit.")) {
                throw new InvalidOptionException("unknown launcher setting '" + key + "'; valid: " + KEEP_DATADIR + ", "
                        + START_TIMEOUT);
            } else {
                server.put(key, e.getValue());
            }
        }
        return new LaunchOptions(keepDatadir, startTimeout, server);
    }
}
