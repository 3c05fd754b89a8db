package benchkit.sysbench.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.Prototype;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The compiler of every state: a file's chunk (a script, a module it requires) and bench's own preludes are compiled
 * once and shared by the states that load them (a run makes a state per thread, plus a few to learn what a script
 * declares), as the bytes they were compiled from; other chunks ({@code loadstring}'s) are compiled each time.
 */
final class CompiledChunks implements Globals.Compiler {
    /** At most this many files' chunks are kept: a run loads a handful. */
    private static final int MOST = 256;

    private record Key(String name, byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && name.equals(k.name) && Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + Arrays.hashCode(bytes);
        }
    }

    private final Globals.Compiler compiler;
    private final Map<Key, Prototype> compiled = new ConcurrentHashMap<>();

    CompiledChunks(Globals.Compiler compiler) {
        this.compiler = compiler;
    }

    /** The chunks compiled from files named {@code chunkname} ("@./x.lua"): one, unless the file changed. */
    java.util.List<Prototype> chunks(String chunkname) {
        return compiled.entrySet().stream().filter(e -> e.getKey().name().equals(chunkname)).map(Map.Entry::getValue)
                .toList();
    }

    @Override
    public Prototype compile(InputStream stream, String chunkname) throws IOException {
        if (!chunkname.startsWith("@") && !chunkname.startsWith("=sysbench.")) {
            return compiler.compile(stream, chunkname);
        }
        byte[] bytes = stream.readAllBytes();
        Key key = new Key(chunkname, bytes);
        Prototype p = compiled.get(key);
        if (p == null) {
            p = compiler.compile(new ByteArrayInputStream(bytes), chunkname);   // a syntax error: no entry, raised again
            if (compiled.size() < MOST) {
                compiled.put(key, p);
            }
        }
        return p;
    }
}
