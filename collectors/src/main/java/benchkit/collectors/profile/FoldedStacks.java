package benchkit.collectors.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * On-CPU stacks with their sample counts, in the "folded" form that flamegraph.pl, inferno and speedscope
 * read: one line per distinct stack, frames from the root to the leaf separated by {@code ;}, a space and the
 * count. Built from {@code perf script -F comm,ip,sym,dso} output; kernel frames end in {@code _[k]} as
 * flamegraph.pl's own collapse script marks them, a frame perf could not name is {@code [its library]}.
 */
public final class FoldedStacks {
    /** The frames of one stack, root first. */
    public record Frame(String symbol, String library, boolean kernel) {
        String folded() {
            String name = symbol.equals("[unknown]") ? "[" + library + "]" : symbol;
            return name.replace(';', ':') + (kernel ? "_[k]" : "");
        }
    }

    private final Map<String, Long> counts = new TreeMap<>();
    /** Each distinct stack's frames, to classify without parsing the folded line back. */
    private final Map<String, List<Frame>> frames = new TreeMap<>();

    /** Reads {@code perf script -F comm,ip,sym,dso} output: a line with the command, then one frame per line, leaf first. */
    public static FoldedStacks fromPerfScript(BufferedReader in) throws IOException {
        FoldedStacks stacks = new FoldedStacks();
        String comm = null;
        List<Frame> leafFirst = new ArrayList<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                stacks.addSample(comm, leafFirst);
                comm = null;
                leafFirst = new ArrayList<>();
            } else if (!Character.isWhitespace(line.charAt(0))) {
                stacks.addSample(comm, leafFirst);       // a sample without the blank line after it
                comm = line.strip();
                leafFirst = new ArrayList<>();
            } else {
                Frame f = frame(line.strip());
                if (f != null) {
                    leafFirst.add(f);
                }
            }
        }
        stacks.addSample(comm, leafFirst);
        return stacks;
    }

    /** {@code 9f7a83 JOIN::optimize (/usr/sbin/mariadbd)}: address, symbol (may hold spaces), library in parentheses. */
    static Frame frame(String line) {
        int space = line.indexOf(' ');
        int open = line.lastIndexOf(" (");
        if (space < 0 || open < space || !line.endsWith(")")) {
            return null;
        }
        String symbol = line.substring(space + 1, open).strip();
        String dso = line.substring(open + 2, line.length() - 1);
        boolean kernel = dso.startsWith("[kernel");
        String library = dso.startsWith("[") ? dso.substring(1, dso.length() - 1) : dso.substring(dso.lastIndexOf('/') + 1);
        return new Frame(symbol.isEmpty() ? "[unknown]" : symbol, library, kernel);
    }

    private void addSample(String comm, List<Frame> leafFirst) {
        if (comm == null) {
            return;
        }
        List<Frame> rootFirst = new ArrayList<>(leafFirst);
        Collections.reverse(rootFirst);
        StringBuilder key = new StringBuilder(comm.replace(';', ':'));
        for (Frame f : rootFirst) {
            key.append(';').append(f.folded());
        }
        add(key.toString(), rootFirst, 1);
    }

    private void add(String key, List<Frame> rootFirst, long n) {
        counts.merge(key, n, Long::sum);
        frames.putIfAbsent(key, rootFirst);
    }

    /** Adds {@code other}'s samples to these (a trial's iterations into one profile). */
    public void addAll(FoldedStacks other) {
        other.counts.forEach((key, n) -> add(key, other.frames.get(key), n));
    }

    public long samples() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Each distinct stack (root first) with its sample count. */
    public Map<List<Frame>, Long> stacks() {
        Map<List<Frame>, Long> out = new java.util.LinkedHashMap<>();
        counts.forEach((key, n) -> out.merge(frames.get(key), n, Long::sum));
        return out;
    }

    /** Writes the folded lines, sorted, as flamegraph.pl reads them. */
    public void write(Writer out) throws IOException {
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            out.write(e.getKey());
            out.write(' ');
            out.write(Long.toString(e.getValue()));
            out.write('\n');
        }
    }
}
