package benchkit.sysbench.lua;

import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.testing.CountingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A script's os.exit in a bench run fails the run, naming where, rather than ending the JVM (no server needed). */
class ScriptExitTest {
    /** No connection is made: the scripts below never connect. */
    private static final Target NOWHERE = Target.builder().host("127.0.0.1").port(1).user("u").password("")
            .database("d").build();

    @TempDir
    Path dir;

    private Workload workload(String code) throws Exception {
        Path file = dir.resolve("x.lua");
        Files.writeString(file, code);
        return new LuaScripts().forScript(file).create(Map.of());
    }

    @Test
    void osExitInEventFailsTheRunEvenUnderPcall() throws Exception {
        try (Workload w = workload("function event() pcall(os.exit, 3) end\n");
             Session s = w.openSession(NOWHERE, new CountingContext(0, 1))) {
            RuntimeException e = assertThrows(LuaWorkload.ScriptFailure.class, s::execute);
            assertEquals("the script's os.exit(3) in event()", e.getMessage());
        }
    }

    @Test
    void osExitInThreadInitFailsTheSessionAtOnce() throws Exception {
        try (Workload w = workload("function thread_init() os.exit(4) end\nfunction event() end\n")) {
            RuntimeException e = assertThrows(LuaWorkload.ScriptFailure.class,
                    () -> w.openSession(NOWHERE, new CountingContext(0, 1)));
            assertEquals("the script's os.exit(4) in thread_init()", e.getMessage());
        }
    }
}
