package benchkit.launcher.mysql;

import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The my.cnf of one launch: the template resource {@code benchkit/server/my.cnf.template} (study A's
 * InnoDB settings) with memory-dependent sizes scaled to the machine, per-launch paths filled in,
 * and the user's settings laid over it.
 */
public final class ServerConfig {
    public static final String TEMPLATE_RESOURCE = "/benchkit/server/my.cnf.template";
    static final long MB = 1024L * 1024;
    static final long GB = 1024 * MB;
    /** Study A: a 74G buffer pool on a 192G machine. */
    static final long MAX_BUFFER_POOL = 74 * GB;
    static final long MIN_BUFFER_POOL = 128 * MB;
    static final long MIN_LOG_FILE = 48 * MB;
    static final long MAX_LOG_FILE = GB;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");
    /** Options the launcher owns: overriding them would point the server away from its private dir. */
    private static final Set<String> MANAGED = Set.of("basedir", "datadir", "socket", "port", "bind_address",
            "pid_file", "log_error", "tmpdir", "skip_networking");

    private final List<String> lines;

    private ServerConfig(List<String> lines) {
        this.lines = lines;
    }

    /**
     * @param launch   per-launch values for the template's {@code {{placeholders}}} that are not
     *                 computed here (basedir, datadir, socket, port, pid_file, error_log, tmpdir)
     * @param settings the user's {@code name=value} settings, laid over the template
     */
    public static ServerConfig compute(MachineFacts machine, Map<String, String> launch, Map<String, String> settings) {
        return compute(readTemplate(), machine, launch, settings);
    }

    static ServerConfig compute(String template, MachineFacts machine, Map<String, String> launch,
                                Map<String, String> settings) {
        settings.forEach(ServerConfig::validateSetting);
        Map<String, String> values = new LinkedHashMap<>(launch);
        long bufferPool = bufferPoolBytes(machine.memoryBytes());
        values.put("buffer_pool_size", megabytes(bufferPool));
        values.put("buffer_pool_size_max", bufferPoolSizeMax(settings, megabytes(bufferPool)));
        values.put("buffer_pool_instances", Integer.toString(bufferPoolInstances(bufferPool)));
        values.put("log_file_size", megabytes(logFileBytes(bufferPool)));
        values.put("flush_method", machine.directIoSupported() ? "O_DIRECT" : "fsync");

        List<String> lines = new ArrayList<>();
        for (String line : template.split("\n", -1)) {
            lines.add(fill(line, values));
        }
        Map<String, String> remaining = new LinkedHashMap<>(settings);
        for (int i = 0; i < lines.size(); i++) {
            String key = keyOf(lines.get(i));
            if (key == null) {
                continue;
            }
            for (var it = remaining.entrySet().iterator(); it.hasNext(); ) {
                var setting = it.next();
                if (canonical(setting.getKey()).equals(canonical(key))) {
                    // keep the template's loose- prefix: it knows which flavours lack the option
                    String name = key.startsWith("loose-") ? key : setting.getKey();
                    lines.set(i, line(name, setting.getValue()));
                    it.remove();
                }
            }
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        if (!remaining.isEmpty()) {
            lines.add("");
            lines.add("# --- ServerSpec settings ---");
            remaining.forEach((name, value) -> lines.add(line(name, value)));
        }
        return new ServerConfig(lines);
    }

    /**
     * The buffer pool's upper bound: the size it runs with (the user's, when given), so that MariaDB does not
     * reserve 8 TiB of address space for growth that a benchmark never asks for.
     */
    public static String bufferPoolSizeMax(Map<String, String> settings, String defaultSize) {
        return settings.entrySet().stream()
                .filter(e -> canonical(e.getKey()).equals("innodb_buffer_pool_size") && e.getValue() != null)
                .map(e -> e.getValue().strip())
                .findFirst().orElse(defaultSize);
    }

    /** Throws a one-line {@link InvalidOptionException} for a name or value my.cnf cannot carry safely. */
    public static void validateSetting(String name, String value) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidOptionException("invalid server setting name '" + name + "': use letters, digits, '_', '-' or '.'");
        }
        if (value == null || value.contains("\n") || value.contains("\r")) {
            throw new InvalidOptionException("invalid value for server setting " + name + ": it must be one line");
        }
        if (MANAGED.contains(canonical(name))) {
            throw new InvalidOptionException("server setting " + name + " is managed by the launcher and cannot be set");
        }
    }

    /** Study A's ratio (74G of 192G, ~3/8 of RAM), in 128M steps, between 128M and 74G. */
    static long bufferPoolBytes(long memoryBytes) {
        long scaled = memoryBytes / 8 * 3;
        scaled = scaled / (128 * MB) * (128 * MB);
        return Math.max(MIN_BUFFER_POOL, Math.min(MAX_BUFFER_POOL, scaled));
    }

    /** Study A used 8 instances for 74G; InnoDB wants at least 1G per instance. */
    static int bufferPoolInstances(long bufferPoolBytes) {
        return (int) Math.max(1, Math.min(8, bufferPoolBytes / GB));
    }

    /** Study A's redo-to-pool ratio (4 x 1G for 74G) over two files, in 16M steps, 48M to 1G per file. */
    static long logFileBytes(long bufferPoolBytes) {
        long perFile = bufferPoolBytes / 37;
        perFile = perFile / (16 * MB) * (16 * MB);
        return Math.max(MIN_LOG_FILE, Math.min(MAX_LOG_FILE, perFile));
    }

    static String megabytes(long bytes) {
        return (bytes / MB) + "M";
    }

    /** The value of {@code name} (matched as mysqld does: '-' = '_', with or without loose-). */
    public Optional<String> get(String name) {
        for (String line : lines) {
            String key = keyOf(line);
            if (key != null && canonical(key).equals(canonical(name))) {
                int eq = line.indexOf('=');
                return Optional.of(eq < 0 ? "" : line.substring(eq + 1).strip());
            }
        }
        return Optional.empty();
    }

    /** The my.cnf text. */
    public String render() {
        return String.join("\n", lines) + "\n";
    }

    private static String readTemplate() {
        try (InputStream in = ServerConfig.class.getResourceAsStream(TEMPLATE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + TEMPLATE_RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String fill(String line, Map<String, String> values) {
        if (keyOf(line) == null) {
            return line; // comments may mention {{name}}
        }
        Matcher m = PLACEHOLDER.matcher(line);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("my.cnf template placeholder {{" + m.group(1) + "}} has no value");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String keyOf(String line) {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#") || t.startsWith(";") || t.startsWith("[")) {
            return null;
        }
        int eq = t.indexOf('=');
        return (eq < 0 ? t : t.substring(0, eq)).strip();
    }

    static String canonical(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace('-', '_');
        return n.startsWith("loose_") ? n.substring("loose_".length()) : n;
    }

    private static String line(String name, String value) {
        return value.isEmpty() ? name : name + "=" + value;
    }
}
