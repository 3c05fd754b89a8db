package benchkit.core.run.servers;

import benchkit.core.run.RunOptions;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import benchkit.spi.InvalidOptionException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenFilesTest {
    @TempDir
    Path tmp;

    private RunPlan plan(List<Integer> threads, int variants) {
        List<Variant> list = new java.util.ArrayList<>();
        for (int i = 0; i < variants; i++) {
            list.add(new Variant("v" + i, Map.of(), () -> null));
        }
        return RunOptions.builder().threads(threads).plan("fake", list, tmp.resolve("out"));
    }

    @Test
    void eachSessionIsAFileInBenchForEveryVariantAtOnce() {
        assertEquals(OpenFiles.CLIENT_RESERVE + 256, OpenFiles.needed(plan(List.of(1, 256), 1)));
        assertEquals(OpenFiles.CLIENT_RESERVE + 3 * 64, OpenFiles.needed(plan(List.of(64), 3)));
    }

    @Test
    void aLimitShortOfThatIsOneLineNamingUlimit() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> OpenFiles.check(plan(List.of(256), 1), OptionalLong.of(64)));
        assertEquals("256 threads need at least 320 open files (a socket per connection, in bench and in the server), "
                + "but this session allows 64 (ulimit -n): raise it (ulimit -n 1024) or run fewer --threads", e.getMessage());
        OpenFiles.check(plan(List.of(256), 1), OptionalLong.of(320));
        OpenFiles.check(plan(List.of(256), 1), OptionalLong.empty());   // unknown: the run says what it meets
    }

    @Test
    void aLimitThatHoldsTheSocketsButNotTheWireClientsSelectorsIsAWarning() {
        assertEquals(java.util.Optional.of("# Warning: 256 threads on bench's wire client hold about 832 open files, and "
                + "this session allows 512 (ulimit -n): if connections fail with 'Too many open files', raise it "
                + "(ulimit -n 1664)"), OpenFiles.warning(plan(List.of(256), 1), OptionalLong.of(512)));
        assertEquals(java.util.Optional.empty(), OpenFiles.warning(plan(List.of(256), 1), OptionalLong.of(1024)));
    }
}
