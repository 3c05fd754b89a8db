package benchkit.spi;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The one rule by which every launcher sets a server's environment for its allocator. */
class AllocatorSpecTest {
    @Test
    void thePreloadIsTheAllocatorsWhateverWasInheritedOrSetAsATunable() {
        Map<String, String> env = new HashMap<>(Map.of("LD_PRELOAD", "/inherited/libfoo.so", "PATH", "/usr/bin"));
        new AllocatorSpec("jemalloc", Optional.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"),
                Map.of("MALLOC_CONF", "background_thread:true", "LD_PRELOAD", "/from/a/tunable.so")).applyTo(env);
        assertEquals("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", env.get("LD_PRELOAD"));
        assertEquals("background_thread:true", env.get("MALLOC_CONF"));
        assertEquals("/usr/bin", env.get("PATH"));
    }

    @Test
    void glibcRunsWithNoPreloadEvenWhenBenchHasOne() {
        Map<String, String> env = new HashMap<>(Map.of("LD_PRELOAD", "/inherited/libfoo.so"));
        AllocatorSpec.GLIBC.applyTo(env);
        assertFalse(env.containsKey("LD_PRELOAD"));
    }
}
