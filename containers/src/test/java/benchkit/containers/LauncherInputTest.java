package benchkit.containers;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is refused with one line before any container is created (no engine needed). */
class LauncherInputTest {
    @Test
    void anInvalidImageNameIsABadOption() {
        assertEquals("container: 'Bad Image' is not a valid image name", assertThrows(InvalidOptionException.class,
                () -> new ContainerServerLauncher().launch(new ServerSpec("Bad Image", Map.of(), AllocatorSpec.GLIBC, "")))
                .getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> new MemcachedContainerLauncher().launch(
                new ServerSpec(" ", Map.of(), AllocatorSpec.GLIBC, ""))).getMessage().startsWith("container: name an image"));
    }

    @Test
    void memcachedSettingsBecomeLongOptionsExceptTheOnesWeOwn() {
        String script = MemcachedContainerLauncher.startScript(ContainerAllocator.of(AllocatorSpec.GLIBC),
                Map.of("memory_limit", "64", "threads", "4"));
        assertTrue(script.contains("exec memcached -u root -l 0.0.0.0 -p 11211 '--memory-limit=64' '--threads=4'\n"), script);
        assertTrue(MemcachedContainerLauncher.startScript(ContainerAllocator.of(AllocatorSpec.GLIBC), Map.of("threads", "4"))
                .contains("exec memcached -u root -l 0.0.0.0 -p 11211 '--memory-limit=1024' '--threads=4'\n"),
                "bench's own memcached's 1024 MB unless memory-limit is given, not memcached's 64 MB");
        assertEquals("memcached setting 'port' is set by the container launcher and cannot be changed",
                assertThrows(InvalidOptionException.class, () -> MemcachedContainerLauncher.startScript(
                        ContainerAllocator.of(AllocatorSpec.GLIBC), Map.of("port", "1"))).getMessage());
    }

    @Test
    void aLibraryOfOurOwnMustExistOnThisMachine() {
        AllocatorSpec custom = new AllocatorSpec("jemalloc-3.1", Optional.of("/nonexistent/libjemalloc.so"), Map.of());
        assertEquals("allocator jemalloc-3.1: /nonexistent/libjemalloc.so is not a file on this machine",
                assertThrows(InvalidOptionException.class, () -> ContainerAllocator.of(custom)).getMessage());
    }
}
