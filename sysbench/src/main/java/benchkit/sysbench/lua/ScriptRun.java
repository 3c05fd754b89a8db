package benchkit.sysbench.lua;

import benchkit.core.run.console.OpenLoopState;
import benchkit.core.run.console.ProgressLine;
import benchkit.sysbench.console.SysbenchHeader;
import benchkit.sysbench.console.SysbenchSummary;
import benchkit.spi.QueryCounter;
import benchkit.spi.Target;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code sysbench SCRIPT run} as sysbench 1.0.20 runs it: {@code init()} in the main state, a state per thread with
 * {@code thread_init(tid)}, events until {@code --time} or {@code --events} (or the script's own {@code thread_run}),
 * {@code thread_done(tid)}, {@code done()}; every {@code --report-interval} the script's {@code report_intermediate}
 * hook or sysbench's progress line, and at the end its {@code report_cumulative} hook or sysbench's final report
 * (SQL statistics only when the script used a SQL driver, as sysbench's).
 */
final class ScriptRun {
    /** sysbench's options of a run. */
    record Settings(int threads, long events, double timeSec, double reportIntervalSec, int percentile, boolean histogram,
                    int verbosity, String seed, List<Integer> checkpoints, int rate, long forcedShutdownSec) {
        Settings(int threads, long events, double timeSec, double reportIntervalSec, int percentile, boolean histogram,
                 int verbosity, String seed, List<Integer> checkpoints, int rate) {
            this(threads, events, timeSec, reportIntervalSec, percentile, histogram, verbosity, seed, checkpoints, rate, -1);
        }

        /** The second after the start at which sysbench's --forced-shutdown ends the run; -1 when off. */
        long forceAtSec() {
            return forcedShutdownSec < 0 || (long) timeSec <= 0 ? -1 : (long) timeSec + forcedShutdownSec;
        }
    }

    /** sysbench's MAX_QUEUE_LEN: the events --rate may have waiting before the run stops as unable to keep up. */
    private static final int QUEUE_CAPACITY = 131_072;

    /** What one thread counted, read by the reporter while the thread writes it. */
    private static final class ThreadStats implements QueryCounter {
        volatile long reads;
        volatile long writes;
        volatile long others;
        volatile long events;
        volatile long latencyNanos;
        /** Whether the thread is inside an event (a forced shutdown counts those unfinished). */
        volatile boolean inEvent;
        final Recorder latency = new Recorder(2);
        ScriptState state;

        @Override
        public void reads(int n) {
            reads += n;
        }

        @Override
        public void writes(int n) {
            writes += n;
        }

        @Override
        public void others(int n) {
            others += n;
        }

        long errors() {
            return state == null ? 0 : state.sql().counts().errors;
        }

        long reconnects() {
            return state == null ? 0 : state.sql().counts().reconnects;
        }
    }

    /** Totals at one moment: [events, reads, writes, others, errors, reconnects]. */
    private record Totals(long[] n) {
        Totals minus(Totals t) {
            long[] d = new long[n.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = n[i] - t.n[i];
            }
            return new Totals(d);
        }
    }

    private final LuaWorkload workload;
    private final Target target;
    private final Settings s;
    private final PrintStream out;
    /** sysbench's log: its FATAL lines, a repeat counted rather than printed again. */
    private final LogLines log;
    private final ThreadStats[] stats;
    /**
     * What the main state's queries counted (its chunk's, init()'s): sysbench's main thread counts into thread 0's
     * counters, so its reports hold them (a query in the main chunk: 3 with --threads=2, not 2).
     */
    private final ThreadStats mainStats = new ThreadStats();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicBoolean failed = new AtomicBoolean();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicLong eventsLeft;
    /** With --rate: when each event waiting for a thread was due (nanoTime), and the events in flight. */
    private final BlockingQueue<Long> due = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final AtomicInteger concurrency = new AtomicInteger();
    /** Every latency recorded so far, drained from the threads' recorders by the reporter. */
    private final Histogram all = new Histogram(2);
    /** The latencies since the last checkpoint report (sysbench's counters restart at each). */
    private final Histogram sinceCheckpoint = new Histogram(2);
    /** The counts, each thread's events and latency sum, and the time, at the last checkpoint (or the start). */
    private Totals checkpointTotals = new Totals(new long[6]);
    private long[] checkpointEvents;
    private long[] checkpointNanos;
    private long checkpointAt;
    private ScriptState main;
    /** The state the intermediate report hook runs in: the reporting thread's own, as in sysbench. */
    private ScriptState reporting;
    private long startNanos;

    ScriptRun(LuaWorkload workload, Target target, Settings settings, PrintStream out) {
        this.workload = workload;
        this.target = target;
        this.s = settings;
        this.out = out;
        this.log = workload.log();
        this.stats = new ThreadStats[settings.threads()];
        this.eventsLeft = new AtomicLong(settings.events() > 0 ? settings.events() : Long.MAX_VALUE);
    }

    private void notice(String line) {
        if (s.verbosity() >= 3) {
            log.settle();
            out.println(line);
        }
    }

    int run() throws InterruptedException {
        // the main state first (its chunk's output before the header), as sysbench loads the script before it runs
        main = workload.state("run", 0, s.threads(), target, mainStats);
        mainStats.state = main;
        try {
            if (!call(main.global("init"), "init", LuaValue.NONE)) {
                return 1;
            }
            if (!main.global("event").isfunction()) {
                // sysbench checks this with init(), before its header: no thread is started
                log.fatal("cannot find the event() function in " + workload.script().name());
                return 1;
            }
            List<String> header = new ArrayList<>(SysbenchHeader.lines(s.threads(), s.rate(),
                    Duration.ofNanos((long) (s.reportIntervalSec() * 1e9)), s.checkpoints(), s.seed()));
            if (s.forceAtSec() >= 0) {
                // between the two blank lines after the seed's, as sysbench prints it
                header.add(header.indexOf("Initializing worker threads...") - 1, "Forcing shutdown in " + s.forceAtSec()
                        + " seconds");
            }
            header.forEach(this::notice);
            CountDownLatch ready = new CountDownLatch(s.threads());
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int tid = 0; tid < s.threads(); tid++) {
                stats[tid] = new ThreadStats();
                int id = tid;
                Thread t = new Thread(() -> worker(id, ready, go), "sysbench-worker-" + tid);
                t.setDaemon(true);     // one stuck in the script's event() must not keep a forced shutdown's JVM alive
                threads.add(t);
                t.start();
            }
            ready.await();
            if (failed.get()) {
                log.fatal("Thread initialization failed!");
                stop.set(true);
                go.countDown();
                for (Thread t : threads) {
                    t.join();
                }
                return 1;
            }
            notice("Threads started!");
            notice("");
            startNanos = System.nanoTime();
            checkpointAt = startNanos;
            checkpointEvents = new long[stats.length];
            checkpointNanos = new long[stats.length];
            go.countDown();
            Thread checkpoints = s.checkpoints().isEmpty() ? null : checkpoints();
            if (s.reportIntervalSec() > 0) {
                reporting = workload.state("run", 0, s.threads(), target, ScriptStates.UNCOUNTED);
            }
            Thread reporter = s.reportIntervalSec() > 0 ? reporter() : null;
            Thread generator = s.rate() > 0 ? generator() : null;
            long forceAt = s.forceAtSec() < 0 ? Long.MAX_VALUE : startNanos + s.forceAtSec() * 1_000_000_000L;
            StuckNotice stuck = new StuckNotice();
            for (Thread t : threads) {
                while (t.isAlive()) {
                    long until = Math.min(forceAt, stuck.sayAt);
                    if (until == Long.MAX_VALUE) {
                        t.join();
                    } else if (until - System.nanoTime() > 0) {
                        TimeUnit.NANOSECONDS.timedJoin(t, until - System.nanoTime());
                    }
                    if (t.isAlive() && forceAt != Long.MAX_VALUE && System.nanoTime() - forceAt >= 0) {
                        return forcedShutdown(generator, checkpoints, reporter);
                    }
                    if (t.isAlive() && stuck.sayAt != Long.MAX_VALUE && System.nanoTime() - stuck.sayAt >= 0) {
                        stuck.say();
                    }
                }
            }
            if (generator != null) {
                generator.interrupt();
                generator.join();
            }
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            if (checkpoints != null) {
                checkpoints.interrupt();
                checkpoints.join();
            }
            if (reporter != null) {
                reporter.interrupt();
                reporter.join();
                reporting.close();
            }
            drain();
            if (!failed.get()) {
                report(seconds, 0);    // sysbench prints no statistics after an error (its sb_globals.error)
            }
            // sysbench says so but exits as the run went: done()'s failure is not the run's
            complain("done", main.global("done"), LuaValue.NONE);
            return failed.get() ? 1 : 0;
        } finally {
            main.close();
        }
    }

    /** One sysbench thread: its state, thread_init, the events (or the script's thread_run), thread_done. */
    private void worker(int tid, CountDownLatch ready, CountDownLatch go) {
        ThreadStats st = stats[tid];
        LuaValue id = LuaValue.valueOf(tid);
        try {
            st.state = workload.state("run", tid, s.threads(), target, st);
        } catch (LuaWorkload.ScriptFailure e) {
            log.fatal(e.getMessage());
            failed.set(true);
            ready.countDown();
            return;
        }
        try {
            boolean initialised = call(st.state.global("thread_init"), "thread_init", id);
            ready.countDown();
            go.await();
            if (!initialised || stop.get()) {
                return;
            }
            running.incrementAndGet();
            boolean ran;
            try {
                LuaValue own = st.state.global("thread_run");
                ran = own.isfunction() ? call(own, "thread_run", id) : events(st, id);
            } finally {
                running.decrementAndGet();
            }
            if (ran) {
                // as sysbench: only after a thread_run that did not fail, and its failure is said, not the run's
                complain("thread_done", st.state.global("thread_done"), id);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            st.state.close();
        }
    }

    /** sysbench's event loop: an event that raises a restart error runs again; a value other than nil or false ends it. */
    private boolean events(ThreadStats st, LuaValue id) {
        LuaValue event = st.state.global("event");
        if (!event.isfunction()) {
            log.fatal("cannot find the event() function in " + workload.script().name());
            failed.set(true);
            stop.set(true);
            return false;
        }
        long deadline = s.timeSec() > 0 ? startNanos + (long) (s.timeSec() * 1e9) : Long.MAX_VALUE;
        while (!stop.get() && System.nanoTime() < deadline && eventsLeft.getAndDecrement() > 0) {
            long start = System.nanoTime();
            if (s.rate() > 0) {
                // an open loop: the next event due, its latency counted from when it was due (sysbench's queue_time)
                Long dueAt = nextDue(deadline);
                if (dueAt == null) {
                    return true;
                }
                start = dueAt;
                concurrency.incrementAndGet();
            }
            LuaValue result;
            st.inEvent = true;
            while (true) {
                try {
                    result = event.call(id);
                    break;
                } catch (LuaError e) {
                    LuaValue err = e.getMessageObject();
                    if (err == null || !err.istable() || err.get("errcode").toint() != SqlLib.RESTART_EVENT) {
                        st.inEvent = false;
                        fatal("thread_run", e);
                        return false;
                    }
                    LuaValue hook = st.state.hook("before_restart_event");
                    if (hook.isfunction()) {
                        hook.call(err);
                    }
                }
            }
            st.inEvent = false;
            if (s.rate() > 0) {
                concurrency.decrementAndGet();
            }
            if (result.toboolean()) {
                return true;
            }
            long nanos = System.nanoTime() - start;
            st.latency.recordValue(nanos);
            st.latencyNanos += nanos;
            st.events++;
        }
        return true;
    }

    /** The time the next event waiting was due, once one is; null when the run ends (its time, or a failure) first. */
    private Long nextDue(long deadline) {
        try {
            while (!stop.get()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                Long dueAt = due.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
                if (dueAt != null) {
                    return dueAt;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /**
     * --rate's event generator, as sysbench's: events due at exponentially distributed intervals (a Poisson process of
     * that rate), each queued for the first thread free; a queue grown to {@value #QUEUE_CAPACITY} ends the run as
     * sysbench's does, with its FATAL line.
     */
    private Thread generator() {
        Thread t = new Thread(() -> {
            SplittableRandom random = new SplittableRandom();
            double meanNanos = 1e9 / s.rate();
            long end = s.timeSec() > 0 ? startNanos + (long) (s.timeSec() * 1e9) : Long.MAX_VALUE;
            long next = startNanos;
            while (!stop.get()) {
                next += (long) (-Math.log(1 - random.nextDouble()) * meanNanos);
                long now = System.nanoTime();
                if (now >= end) {
                    return;
                }
                try {
                    if (next > now) {
                        TimeUnit.NANOSECONDS.sleep(next - now);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (!due.offer(System.nanoTime())) {
                    log.fatal("The event queue is full. This means the worker threads are unable to keep up with "
                            + "the specified event generation rate");
                    failed.set(true);
                    stop.set(true);
                    return;
                }
            }
        }, "sysbench-eventgen");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Calls {@code f} if the script defines it; a Lua error is sysbench's FATAL line and ends the run. */
    private boolean call(LuaValue f, String name, LuaValue arg) {
        if (!f.isfunction()) {
            return true;
        }
        try {
            f.call(arg);
            return true;
        } catch (LuaError e) {
            fatal(name, e);
            return false;
        }
    }

    private void fatal(String function, LuaError e) {
        // every thread's failure is logged, as sysbench's: the log counts a repeat rather than printing it again
        log.fatal("`" + function + "' function failed: " + LuaMessages.text(e));
        failed.set(true);
        stop.set(true);
    }

    /**
     * Calls {@code f} if defined; a Lua error is sysbench's FATAL line but not a failure of the run (sysbench checks no
     * result of thread_done, done or its report hooks).
     */
    private void complain(String name, LuaValue f, LuaValue arg) {
        if (!f.isfunction()) {
            return;
        }
        try {
            f.call(arg);
        } catch (LuaError e) {
            log.fatal("`" + name + "' function failed: " + LuaMessages.text(e));
        }
    }

    /**
     * Threads still in the script's event() long after --time: sysbench waits in silence for as long as they take (for
     * ever, for an event() in a loop); bench waits too, but says which threads and what ends it, again at doubled waits.
     */
    private final class StuckNotice {
        private static final long FIRST_NANOS = TimeUnit.SECONDS.toNanos(10);
        private long after = FIRST_NANOS;
        /** When to say it (nanoTime); never without a time limit, where a long run is what was asked for. */
        long sayAt = s.timeSec() > 0 ? startNanos + (long) (s.timeSec() * 1e9) + FIRST_NANOS : Long.MAX_VALUE;

        void say() {
            List<String> ids = new ArrayList<>();
            for (int tid = 0; tid < stats.length; tid++) {
                if (stats[tid].inEvent) {
                    ids.add(Integer.toString(tid));
                }
            }
            String who = ids.isEmpty() ? "a thread has" : (ids.size() == 1 ? "thread " : "threads ") + String.join(", ", ids)
                    + (ids.size() == 1 ? " has" : " have");
            if (s.verbosity() >= 2) {
                String them = ids.size() == 1 ? "it" : "them";
                log.warning(who + " not returned from the script's " + (ids.isEmpty() ? "thread_run() or event()" : "event()")
                        + " " + TimeUnit.NANOSECONDS.toSeconds(after) + " s after --time ended: the script's own code, or a"
                        + " query the server does not answer, holds " + them + "; the run waits for " + them + " (as"
                        + " sysbench), --forced-shutdown=N ends it N s after --time, Ctrl-C now");
            }
            sayAt += after;
            after *= 2;
        }
    }

    /**
     * sysbench's --forced-shutdown: threads still running at --time plus its seconds end the run there, with its FATAL
     * line and the report so far (and the events unfinished), without done(); exit code 2, as sysbench's exit(2).
     */
    private int forcedShutdown(Thread... helpers) throws InterruptedException {
        stop.set(true);
        long now = System.nanoTime();
        for (Thread h : helpers) {
            if (h != null) {
                h.interrupt();
                h.join(1000);
            }
        }
        log.fatal("The --max-time limit has expired, forcing shutdown...");
        drain();
        int unfinished = 0;
        for (ThreadStats st : stats) {
            unfinished += st.inEvent ? 1 : 0;
        }
        report((now - startNanos) / 1e9, unfinished);
        out.flush();
        return 2;
    }

    private Totals totals() {
        long[] n = new long[6];
        for (ThreadStats st : java.util.stream.Stream.concat(java.util.stream.Stream.of(mainStats),
                java.util.Arrays.stream(stats)).toList()) {
            n[0] += st.events;
            n[1] += st.reads;
            n[2] += st.writes;
            n[3] += st.others;
            n[4] += st.errors();
            n[5] += st.reconnects();
        }
        return new Totals(n);
    }

    /** The latencies recorded since the last drain, added to {@link #all}. */
    private synchronized Histogram drain() {
        Histogram interval = new Histogram(2);
        for (ThreadStats st : stats) {
            interval.add(st.latency.getIntervalHistogram());
        }
        all.add(interval);
        sinceCheckpoint.add(interval);
        return interval;
    }

    /** Every --report-interval: the script's report_intermediate hook, or sysbench's progress line. */
    private Thread reporter() {
        Thread t = new Thread(() -> {
            long interval = (long) (s.reportIntervalSec() * 1e9);
            Totals last = totals();
            for (long next = startNanos + interval; ; next += interval) {
                long wait = next - System.nanoTime();
                try {
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (running.get() == 0 && next > startNanos + interval) {
                    return;
                }
                Totals now = totals();
                Histogram latency = drain();
                intermediate("report_intermediate", (next - startNanos) / 1e9, s.reportIntervalSec(), running.get(),
                        now.minus(last), latency);
                last = now;
            }
        }, "sysbench-reporter");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A report: the hook named, when the script sets it, else sysbench's progress line (for intermediate reports). */
    private void intermediate(String hookName, double elapsed, double seconds, int threads, Totals d, Histogram latency) {
        double pctMs = ProgressLine.percentileMs(latency, s.percentile());
        LuaValue hook = (hookName.equals("report_intermediate") ? reporting : main).hook(hookName);
        if (hook.isfunction()) {
            LuaTable stat = new LuaTable();
            stat.set("time_interval", seconds);
            stat.set("time_total", elapsed);
            stat.set("threads_running", threads);
            stat.set("events", d.n()[0]);
            stat.set("reads", d.n()[1]);
            stat.set("writes", d.n()[2]);
            stat.set("other", d.n()[3]);
            stat.set("errors", d.n()[4]);
            stat.set("reconnects", d.n()[5]);
            stat.set("latency_pct", pctMs / 1000);
            stat.set("queue_length", due.size());
            stat.set("concurrency", concurrency.get());
            try {
                hook.call(stat);
            } catch (LuaError e) {
                // sysbench names the hook without its table, and goes on
                log.fatal("`" + hookName + "' function failed: " + LuaMessages.text(e));
            }
        } else if (hookName.equals("report_intermediate")) {
            // sysbench's database reports replace its events-only line once a driver is made
            notice(workload.usedSql() ? ProgressLine.of(SysbenchSummary.stamp(elapsed), threads, d.n()[0], d.n()[1],
                    d.n()[2], d.n()[3], d.n()[4], d.n()[5], seconds, s.percentile(), pctMs)
                    : ProgressLine.events(SysbenchSummary.stamp(elapsed), threads, d.n()[0], seconds, s.percentile(), pctMs));
            if (s.rate() > 0) {
                notice(ProgressLine.openLoop(SysbenchSummary.stamp(elapsed), new OpenLoopState(due.size(), concurrency.get())));
            }
        }
    }

    /** At each --report-checkpoints second: "[ Ns ] Checkpoint report:" and the report since the last one. */
    private Thread checkpoints() {
        Thread t = new Thread(() -> {
            for (int second : s.checkpoints()) {
                long wait = startNanos + second * 1_000_000_000L - System.nanoTime();
                try {
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (running.get() == 0) {
                    return;
                }
                if (s.verbosity() >= 3) {
                    log.settle();
                    out.println("[ " + second + "s ] Checkpoint report:");
                    summary(System.nanoTime());
                }
            }
        }, "sysbench-checkpoints");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The cumulative report: the script's hook, or sysbench's final report (after a forced shutdown's unfinished events). */
    private void report(double seconds, int unfinished) {
        Totals t = totals();
        if (main.hook("report_cumulative").isfunction()) {
            intermediate("report_cumulative", seconds, seconds, 0, t, all);
            return;
        }
        if (s.verbosity() < 3) {
            return;
        }
        log.settle();
        if (unfinished > 0) {
            out.println();
            out.println("Number of unfinished transactions on forced shutdown: " + unfinished);
        }
        if (s.histogram()) {
            SysbenchSummary.histogram(SysbenchSummary.buckets(all)).forEach(out::println);
        }
        summary(startNanos + (long) (seconds * 1e9));
    }

    /**
     * sysbench's report of what ran since the last checkpoint (the start when none), its total time the whole run's;
     * the counters then start again, as sysbench's do at a checkpoint.
     */
    private synchronized void summary(long now) {
        drain();
        Totals t = totals();
        Totals d = t.minus(checkpointTotals);
        long[] events = new long[stats.length];
        long[] nanos = new long[stats.length];
        for (int i = 0; i < stats.length; i++) {
            long e = stats[i].events;
            long n = stats[i].latencyNanos;
            events[i] = e - checkpointEvents[i];
            nanos[i] = n - checkpointNanos[i];
            checkpointEvents[i] = e;
            checkpointNanos[i] = n;
        }
        SysbenchSummary.Stats report = SysbenchSummary.stats(d.n()[1], d.n()[2], d.n()[3], d.n()[4], d.n()[5],
                (now - checkpointAt) / 1e9, events, nanos, sinceCheckpoint, s.percentile());
        SysbenchSummary.print(SysbenchSummary.report(report, workload.usedSql(), (now - startNanos) / 1e9), out);
        checkpointTotals = t;
        checkpointAt = now;
        sinceCheckpoint.reset();
    }
}
