package benchkit.core.run.plan;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ClientThreadsTest {
    private static final boolean JAVA_21 = Runtime.version().feature() >= 21;

    @Test
    void parsesTheThreeKindsInAnyCase() {
        assertEquals(ClientThreads.AUTO, ClientThreads.parse("auto"));
        assertEquals(ClientThreads.PLATFORM, ClientThreads.parse(" Platform "));
        assertEquals(ClientThreads.VIRTUAL, ClientThreads.parse("VIRTUAL"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClientThreads.parse("green"));
        assertTrue(e.getMessage().contains("auto, platform, virtual or loop"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClientThreads.parse(null));
    }

    @Test
    void autoIsDecidedByTheSessionsAndSaysHow() {
        assertEquals(ClientThreads.AUTO, ClientThreads.AUTO.resolve());
        assertEquals(ClientThreads.PLATFORM, ClientThreads.PLATFORM.resolve());
        assertTrue(ClientThreads.AUTO.note().contains("event loops for more than 16 sessions per CPU that can wait without a thread"),
                ClientThreads.AUTO.note());
        assertEquals("", ClientThreads.PLATFORM.note());
    }

    @Test
    void virtualFallsBackToPlatformBeforeJava21AndSaysSo() {
        assertEquals(JAVA_21, ClientThreads.virtualAvailable());
        assertEquals(JAVA_21 ? ClientThreads.VIRTUAL : ClientThreads.PLATFORM, ClientThreads.VIRTUAL.resolve());
        assertEquals(JAVA_21, ClientThreads.VIRTUAL.note().isEmpty(), ClientThreads.VIRTUAL.note());
    }

    @Test
    void threadsAreNamedDaemonsOfTheResolvedKind() throws Exception {
        for (ClientThreads kind : ClientThreads.values()) {
            CountDownLatch ran = new CountDownLatch(1);
            Thread t = kind.newThread(ran::countDown, "w-1");
            assertEquals("w-1", t.getName());
            assertTrue(t.isDaemon());
            assertEquals(kind.resolve() == ClientThreads.VIRTUAL, isVirtual(t), kind + " on Java " + Runtime.version());
            assertFalse(t.isAlive());
            t.start();
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            t.join(10_000);
        }
    }

    private static boolean isVirtual(Thread t) throws Exception {
        try {
            return (boolean) Thread.class.getMethod("isVirtual").invoke(t);
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
