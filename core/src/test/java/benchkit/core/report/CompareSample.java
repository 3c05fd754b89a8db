package benchkit.core.report;

import java.nio.file.Path;

/** Prints a sample comparison (for looking at it by hand): {@code CompareSample <dir>}. */
final class CompareSample {
    public static void main(String[] args) throws Exception {
        Path dir = JmhFixture.allocatorStudy("glibc").writeTo(Path.of(args[0]));
        System.out.print(Compare.variants(dir, "allocator=glibc", "allocator=jemalloc").render());
    }
}
