package benchkit.core.annotated;

import benchkit.spi.Session;
import benchkit.spi.Target;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** An event through the adapter allocates nothing of its own: the handles are bound once per session. */
class AnnotatedEventCostTest {
    @Test
    void eventsDoNotAllocate() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Session s = AnnotatedWorkloadFactory.of(Workloads.Mix.class).create(Map.of())
                .openSession(Target.builder().build(), new TestContext(0, 1));
        for (int i = 0; i < 200_000; i++) { // let the JIT compile the path
            s.execute();
        }
        long id = Thread.currentThread().getId();
        int events = 1_000_000;
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < events; i++) {
            s.execute();
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        // One small object per event would be 16 MB; allow for measurement noise only.
        assertTrue(allocated < events / 4, allocated + " bytes allocated for " + events + " events");
    }
}
