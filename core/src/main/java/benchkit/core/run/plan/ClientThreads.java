package benchkit.core.run.plan;

import benchkit.spi.PolledSession;
import benchkit.spi.Session;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;

/**
 * What runs the client sessions: one platform (OS) thread each, one virtual thread each
 * (Java 21+), or event loops that each drive many sessions. Either way the server sees exactly one
 * connection per session; the choice only changes how many OS threads the client spends on them.
 * Built for Java 17, so virtual threads are reached reflectively; where the JVM has none,
 * {@link #VIRTUAL} falls back to platform threads and says so.
 */
public enum ClientThreads {
    /**
     * The measured default (see docs/vs-sysbench.md): event loops for more than
     * {@value #THREAD_EACH_UP_TO_PER_CPU} sessions per CPU when every session can be polled, else one
     * platform thread per session.
     */
    AUTO,
    PLATFORM,
    VIRTUAL,
    /**
     * Event loops: each platform thread keeps an event in flight on up to {@value #SESSIONS_PER_LOOP}
     * sessions at once, resuming each when its server answers; needs sessions that can be polled
     * ({@link benchkit.spi.PolledSession}).
     */
    LOOP;

    /** Sessions one event-loop thread serves (measured: one loop for 32 sessions on 2 cores, against one per core). */
    static final int SESSIONS_PER_LOOP = 32;

    /**
     * Up to this many sessions per CPU, auto gives each its own platform thread. A loop answers each reply after the
     * others it holds, so the server's thread has gone to sleep before the next request comes, every time (1.0 sleeps
     * per query against sysbench's 0.5): at 4 sessions per CPU that cost 10-20% of QPS on a shared 2-core machine.
     * At 16 per CPU, beside a server in a session of its own (as services run, and as bench launches them), one loop
     * reached 0.54-0.70 of sysbench's QPS and a thread each 0.78-0.99; beside a server in the client's session the
     * two measured alike (docs/vs-sysbench.md, 2026-11-27, fifth part).
     */
    public static final int THREAD_EACH_UP_TO_PER_CPU = 16;

    private static final ThreadFactory VIRTUAL_FACTORY = virtualFactory();

    /** Parses {@code auto}, {@code platform}, {@code virtual} or {@code loop} (any case). */
    public static ClientThreads parse(String s) {
        if (s != null) {
            for (ClientThreads c : values()) {
                if (c.name().equalsIgnoreCase(s.strip())) {
                    return c;
                }
            }
        }
        throw new IllegalArgumentException("client threads '" + s + "' is not valid; expected auto, platform, virtual or loop");
    }

    /** True when this JVM can start virtual threads (Java 21+, or 19-20 with preview features). */
    public static boolean virtualAvailable() {
        return VIRTUAL_FACTORY != null;
    }

    /**
     * What this choice runs on in this JVM before the sessions are known: {@link #AUTO} stays itself
     * (see {@link #forSessions}); {@link #VIRTUAL} may fall back to {@link #PLATFORM}.
     */
    public ClientThreads resolve() {
        if (this == VIRTUAL && !virtualAvailable()) {
            return PLATFORM;
        }
        return this;
    }

    /**
     * What runs these sessions: {@link #AUTO} means event loops for more than {@value #THREAD_EACH_UP_TO_PER_CPU}
     * sessions per CPU when all of them can be polled, else platform threads.
     */
    public ClientThreads forSessions(List<? extends Session> sessions, int cpus) {
        if (this != AUTO) {
            return resolve();
        }
        boolean many = sessions.size() > THREAD_EACH_UP_TO_PER_CPU * Math.max(1, cpus);
        return many && sessions.stream().allMatch(s -> s instanceof PolledSession) ? LOOP : PLATFORM;
    }

    /** How many event-loop threads serve {@code sessions}: one per {@value #SESSIONS_PER_LOOP}, at most one per CPU. */
    public static int loops(int sessions) {
        int wanted = (sessions + SESSIONS_PER_LOOP - 1) / SESSIONS_PER_LOOP;
        return Math.max(1, Math.min(wanted, Runtime.getRuntime().availableProcessors()));
    }

    /** Why {@link #resolve()} differs from the choice, or what auto means, for the run header; empty when nothing needs saying. */
    public String note() {
        if (this == AUTO) {
            return " (event loops for more than " + THREAD_EACH_UP_TO_PER_CPU + " sessions per CPU that can wait without a "
                    + "thread, else one platform thread per session)";
        }
        return this == VIRTUAL && !virtualAvailable()
                ? " (virtual threads need Java 21+; this is Java " + Runtime.version().feature() + ")" : "";
    }

    /** An unstarted daemon thread for {@code task}, named {@code name}: virtual if this resolves to virtual, else platform. */
    public Thread newThread(Runnable task, String name) {
        Thread t;
        if (resolve() == VIRTUAL) {
            t = VIRTUAL_FACTORY.newThread(task);   // virtual threads are always daemon threads
        } else {
            t = new Thread(task);
            t.setDaemon(true);
        }
        t.setName(name);
        return t;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static ThreadFactory virtualFactory() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Method factory = Class.forName("java.lang.Thread$Builder").getMethod("factory");
            ThreadFactory f = (ThreadFactory) factory.invoke(builder);
            f.newThread(() -> { });             // fails here when preview features are off (Java 19/20)
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
