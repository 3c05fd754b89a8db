package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;

import benchkit.core.run.console.Counts;
import benchkit.core.run.console.LoadSnapshot;

import benchkit.core.run.plan.ClientThreads;

import benchkit.core.run.plan.RunFailure;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.console.ProgressLine;
import benchkit.core.run.console.RunConsole;
import benchkit.core.run.console.TrialTally;
import benchkit.core.run.servers.RunningServer;

import benchkit.core.result.IterationRecord;
import benchkit.core.result.Journal;
import benchkit.core.result.TrialRecord;
import benchkit.core.stats.Estimate;
import benchkit.core.util.SlowCall;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.ServerHandle;
import benchkit.spi.TrialInfo;
import benchkit.spi.Workload;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One trial: T client threads loading one server continuously while the control thread (this
 * one) marks warmup and measurement iterations, drives the collectors and prints progress.
 * Iterations finished before a failure stay in {@link #finished()}.
 */
public final class Trial {
    private static final long SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How often the control thread looks at the server while waiting for a boundary. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final RunPlan plan;
    private final Workload workload;
    private final Variant variant;
    private final ServerHandle server;
    private final TrialInfo info;
    private final String serverName;
    private final List<Collector> collectors;
    private final RunConsole console;
    private final Journal journal;
    private final List<IterationRecord> finished = new ArrayList<>();
    private final Histogram iterationLatency = LatencyLog.newHistogram();
    private final Histogram reportLatency = LatencyLog.newHistogram();
    private final TrialLatencyLog latencyLog;
    /** What the console keeps of the trial beyond its records. */
    private final TrialTally tally;
    /** Whether other variants' slices run between this trial's iterations (iteration lines then name it). */
    private final boolean interleaved;
    private TrialLoad load;
    private boolean trialStarted;
    private boolean limitReached;
    /** When the load first started (nanoTime), 0 before; progress lines count from it. */
    private long trialStart;
    private long nextReport;
    private long lastReportAt;
    /** When the load last paused for other variants' slices; 0 while it has not. */
    private long pausedAt;
    private Counts lastReport = Counts.ZERO;
    private LoadSnapshot before;
    /** Where the current iteration began. */
    private long start;
    /** Whether each iteration measured what it claims (no stalled server, no paused client). */
    private final StallWatch stalls;
    /** Where the workload's end-of-iteration checks run ({@link #watchingWhile}); made on first use. */
    private java.util.concurrent.ExecutorService checks;
    /** The workload's warnings about the iteration just measured, said after its line ({@link #keep}). */
    private final List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** When the control thread last looked at the running load while such a check ran (nanoTime), 0 before. */
    private long lookedAt;

    public Trial(RunPlan plan, Workload workload, RunningServer running, TrialInfo info, List<Collector> collectors,
          RunConsole console, Journal journal, boolean interleaved) {
        this.interleaved = interleaved;
        this.before = LoadSnapshot.zero(info.threads());
        this.plan = plan;
        this.workload = workload;
        this.variant = running.variant();
        this.server = running.server();
        this.info = info;
        this.serverName = running.serverName();
        this.latencyLog = new TrialLatencyLog(plan, variant, info.threads(), info.fork(), console);
        this.tally = console.tally(plan, info.threads());
        this.collectors = collectors;
        this.console = console;
        this.journal = journal;
        this.stalls = new StallWatch(plan.stallLimit(), plan.rate());
    }

    public TrialRecord record() {
        return new TrialRecord(variant.label(), variant.params(), serverName, info.threads(), info.fork(), finished);
    }

    public List<IterationRecord> finished() {
        return finished;
    }

    /**
     * Opens the trial's sessions and calls the collectors' {@code beforeTrial}; the load starts with the
     * first iteration. After a failure here the trial is closed again.
     */
    public void open() throws RunFailure, InterruptedException {
        try {
            load = TrialLoad.open(workload, info.target(), info.threads(), plan.rate(), plan.eventLimit(info.threads()),
                    plan.clientThreads(), SlowCall.SAY_EVERY, console::warning);
        } catch (InterruptedException e) {
            throw e;
        } catch (TrialLoad.SessionNotOpened e) {
            throw failure("could not open " + e.getMessage(), null, e.getCause());
        } catch (Exception e) {
            throw failure("could not open " + info.threads() + " sessions", null, e);
        }
        if (plan.clientThreads() == ClientThreads.AUTO) {
            console.note("# Client threads: " + load.clientThreads());
        }
        for (Collector c : collectors) {
            try {
                collector(c, "beforeTrial", null, () -> c.beforeTrial(info));
            } catch (RunFailure f) {
                close();
                throw f;
            }
        }
        trialStarted = true;
        console.loadStarted();
    }

    /**
     * Stops the load, closes the sessions, calls the collectors' {@code afterTrial} and prints the
     * trial's result. Safe to call more than once.
     *
     * @throws RunFailure when closing failed (the iterations finished so far stay in {@link #finished()})
     */
    public void close() throws RunFailure, InterruptedException {
        if (load == null) {
            return;
        }
        RunFailure failure = null;
        latencyLog.close();
        if (checks != null) {
            checks.shutdownNow();
        }
        try {
            load.stop();
            load.close();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            failure = failure("closing sessions failed", null, e);
        } finally {
            load = null;
        }
        if (trialStarted) {
            for (Collector c : collectors) {
                try {
                    collector(c, "afterTrial", null, () -> c.afterTrial(info));
                } catch (RunFailure f) {
                    failure = failure == null ? f : failure;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        List<IterationRecord> measured = finished.stream().filter(i -> !i.warmup() && i.valid()).toList();
        if (!measured.isEmpty()) {
            console.trialEnd(plan.workload(), variantTag(),
                    Estimate.of(measured.stream().mapToDouble(IterationRecord::tps).toArray()), tally);
        }
    }

    /** The run is ending on Ctrl-C or SIGTERM: the load stops without waiting long for events that have not returned. */
    public void stopping() {
        if (load != null) {
            load.stopNow();
        }
    }

    /** Whether the trial's load can run again (no session was left stuck in an event): measuring again needs it. */
    public boolean resumable() {
        return load != null && load.control().resumable();
    }

    /** Whether the trial reached its event limit: it runs no more iterations. */
    public boolean limitReached() {
        return limitReached;
    }

    /**
     * The trial's failure when its event limit ended it in the warm-up: it measured nothing, so the run has no result of
     * it (a run that measured nothing is no success); empty otherwise.
     */
    public Optional<RunFailure> limitEndedWarmup() {
        if (!limitReached || finished.stream().anyMatch(i -> !i.warmup())) {
            return Optional.empty();
        }
        return Optional.of(new RunFailure("workload " + plan.workload() + ": the event limit of "
                + plan.eventLimit(info.threads()) + " (--events) was reached in the warm-up, before any measurement iteration"
                + " (variant " + variant.label() + ", " + info.threads() + " threads, fork " + info.fork()
                + "): nothing was measured; raise --events, or lower --warmup-iterations or --warmup-time", null));
    }

    /** Of the {@code planned} measurement iterations, how many have no valid result yet (an invalid one, not yet measured again). */
    public int missingMeasurements(int planned) {
        return record().unreplaced(planned);
    }

    /**
     * Runs one iteration (a time slice) under load. Consecutive iterations with {@code keepLoad} run back
     * to back: each ends where the next begins, so every event falls in exactly one iteration (collector
     * calls at a boundary run on the next iteration's clock). Without it the load pauses after the
     * iteration, while other variants' servers get their slices.
     */
    public void iteration(IterationInfo it, boolean keepLoad) throws RunFailure, InterruptedException {
        // a collector that takes long at a boundary (a profiler folding its samples) has the load paused meanwhile
        keepLoad &= collectors.stream().noneMatch(Collector::pausesLoad);
        for (Collector c : collectors) {
            collector(c, "beforeIteration", it, () -> c.beforeIteration(info, it));
        }
        startLoadIfPaused();
        long startMillis = latencyLog.fromMillis();
        long slot = (long) (it.durationSec() * 1e9);
        long now = measureUntil(start + slot, it);
        long limitAt = load.control().limitReachedAt();
        long stop = stopOrPause(limitAt, now, keepLoad);
        IterationRecord record = measured(it, slot, stop, startMillis, keepLoad && limitAt == 0);
        keep(record, it, limitAt != 0);
        start = stop;
    }

    /** Starts the load, or resumes it after other variants' slices: the trial's clocks go on from there. */
    private void startLoadIfPaused() {
        if (load.running()) {
            return;
        }
        load.start("bench-" + variant.label() + "-t" + info.threads());
        if (trialStart == 0) {
            trialStart = load.control().startNanos();
            nextReport = trialStart + reportNanos();
            lastReportAt = trialStart;
        }
        start = load.control().startNanos();
        if (pausedAt != 0) {
            // progress lines follow this variant's own load: the time other variants had is skipped, not caught up
            nextReport += start - pausedAt;
            lastReportAt += start - pausedAt;
        }
        stalls.loadStarted(start);
        latencyLog.loadStarted(start);
    }

    /**
     * Watches the load until {@code end} (a nanoTime) or its event limit: stalls, failures, progress lines, the latency
     * log's intervals, the console's tally and the collectors' samples, each when due. Returns when it stopped.
     */
    private long measureUntil(long end, IterationInfo it) throws RunFailure, InterruptedException {
        long nextSample = System.nanoTime() + SAMPLE_NANOS;
        long now;
        // the slot began at start: a bench held up across the boundary (paused right after the last iteration) is late
        // from there, or from the control thread's last look while the workload's check ran (watchingWhile)
        long meantToWake = Math.max(start, lookedAt);
        while ((now = System.nanoTime()) < end) {
            stalls.observe(now, meantToWake, load.lastFinish());
            check(load, it);
            if (load.control().limitReachedAt() != 0) {
                break;
            }
            // one drain serves a log interval and a progress line that fall due together
            long tallyDue = tally.nextDue(trialStart);
            LoadSnapshot drained = now >= latencyLog.nextDue() || now >= nextReport || now >= tallyDue ? drain() : null;
            Counts counts = drained == null ? null : drained.total();
            if (now >= tallyDue) {
                tally.due(now, drained, trialStart);
            }
            if (now >= latencyLog.nextDue()) {
                latencyLog.intervalDue(it.warmup());
            }
            if (now >= nextReport) {
                progress(now, counts, it);
            }
            if (now >= nextSample) {
                for (Collector c : collectors) {
                    collector(c, "sample", it, () -> c.sample(info, it));
                }
                nextSample += SAMPLE_NANOS;
            }
            long wake = Math.min(Math.min(Math.min(end, nextReport), Math.min(latencyLog.nextDue(), tally.nextDue(trialStart))),
                    Math.min(nextSample, now + POLL_NANOS));
            // a deadline already past means "at once": lateness counts from now, not from the missed deadline
            meantToWake = Math.max(wake, now);
            LockSupport.parkNanos(wake - now);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        stalls.observe(now, Math.min(meantToWake, now), load.lastFinish());
        return now;
    }

    /**
     * Where the iteration ends: at its event limit the load stops and the last events land (the trial counts exactly
     * what ran); without {@code keepLoad} the load pauses; else it runs on into the next iteration, which begins here.
     */
    private long stopOrPause(long limitAt, long now, boolean keepLoad) throws InterruptedException {
        if (limitAt != 0) {
            load.stop();
            return Math.min(limitAt, now);
        }
        if (!keepLoad) {
            load.pause();
            pausedAt = System.nanoTime();
            return pausedAt;
        }
        return now;
    }

    /** What the iteration measured from {@code start} to {@code stop}, the collectors' metrics and its validity included. */
    private IterationRecord measured(IterationInfo it, long slot, long stop, long startMillis, boolean runsOn)
            throws RunFailure, InterruptedException {
        LoadSnapshot after = drain();
        if (stop >= nextReport) {
            progress(stop, after.total(), it);      // the line due as the slot ends, as sysbench prints its last one
        }
        // requests held up by a stall count with their wait so far, in the percentiles and the latency log
        int waiting = load.recordWaiting(stop, stalls.limitNanos(), iterationLatency, latencyLog.histogram());
        long endMillis = latencyLog.interval(it.warmup());
        Counts delta = after.total().minus(before.total());
        Optional<String> stalled = stalls.verdict(delta.events() + delta.errors(), stop - start, slot, start);
        // the next slot begins at stop: what the control thread sees of the load from here is that slot's
        stalls.iterationStarted();
        // asked even when a stall already decides, so a workload that compares with the last iteration's end moves on
        Optional<String> workloadVerdict = watchingWhile(runsOn, () -> workload.invalidIteration(info.target(),
                delta.reads(), delta.writes(), delta.others(), warnings::add));
        // the workload's own cause first: it knows why (memcached refused every set as too large, or restarted), where
        // the stall watch sees only that no answer came
        String invalid = workloadVerdict.or(() -> stalled
                .map(cause -> waiting == 0 ? cause : cause + "; " + waiting + " request" + (waiting == 1 ? " was" : "s were")
                        + " still waiting")).orElse("");
        check(load, it);
        List<Metric> metrics = new ArrayList<>(load.eventKindMetrics(stop - start,
                (kind, latency) -> latencyLog.kindInterval(kind, latency, startMillis, endMillis, it.warmup())));
        for (Collector c : collectors) {
            collector(c, "afterIteration", it, () -> {
                Collection<Metric> m = c.afterIteration(info, it);
                if (m != null) {
                    metrics.addAll(m);
                }
            });
        }
        IterationRecord record = new IterationRecord(it.index(), it.warmup(), Math.max(1, stop - start),
                delta.events(), delta.errors(), delta.reconnects(), delta.reads(), delta.writes(), delta.others(),
                millis(iterationLatency.getValueAtPercentile(50)), millis(iterationLatency.getValueAtPercentile(95)),
                millis(iterationLatency.getValueAtPercentile(99)), millis(iterationLatency.getMaxValue()), metrics,
                startMillis, endMillis, invalid);
        if (!it.warmup() && record.valid()) {
            tally.measured(record, before, after, iterationLatency, stop);
        }
        iterationLatency.reset();
        before = after;
        return record;
    }

    /**
     * Runs {@code check} (the workload's end-of-iteration check, which may ask the server: memcached's stats) on a thread
     * of its own while this one watches the load as it runs on into the next slot, every 100 ms: a server frozen across
     * the boundary holds up the check, not the watch, so its quiet span is measured in the next slot, not taken for
     * bench itself being held up (sweep 7, case 40: a SIGSTOPped memcached).
     */
    private <T> T watchingWhile(boolean runsOn, java.util.concurrent.Callable<T> check) throws InterruptedException {
        if (checks == null) {
            checks = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "bench-iteration-check");
                t.setDaemon(true);
                return t;
            });
        }
        java.util.concurrent.Future<T> f = checks.submit(check);
        long meantToWake = System.nanoTime() + POLL_NANOS;
        while (true) {
            try {
                T result = f.get(POLL_NANOS, TimeUnit.NANOSECONDS);
                if (runsOn) {
                    lookedAt = System.nanoTime();
                }
                return result;
            } catch (java.util.concurrent.TimeoutException e) {
                long now = System.nanoTime();
                if (runsOn) {
                    stalls.observe(now, meantToWake, load.lastFinish());
                    lookedAt = now;
                }
                meantToWake = now + POLL_NANOS;
            } catch (InterruptedException e) {
                f.cancel(true);
                throw e;
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(cause);
            }
        }
    }

    /** Keeps a finished iteration: in the trial, the journal and the console, with the event limit if it was reached. */
    private void keep(IterationRecord record, IterationInfo it, boolean limitHit) throws RunFailure {
        finished.add(record);
        try {
            journal.iteration(record(), record);
        } catch (java.io.IOException e) {
            throw new RunFailure("could not append " + where(it) + " of variant " + variant.label() + " to "
                    + Journal.FILE_NAME + ": " + RunFailure.ioMessage(e), e);
        }
        console.iteration(it, variantTag(), record);
        for (String w : warnings) {
            console.warning("# Warning (" + where(it) + " of variant " + variant.label() + "): " + w);
        }
        warnings.clear();
        if (limitHit) {
            limitReached = true;
            console.eventLimitReached(plan.eventLimit(info.threads()), plan.eventsPerThread() > 0, it,
                    record.durationNanos() / 1e9);
        }
    }

    /** The events and latencies since the last drain, into the iteration's, the progress line's, the log's and the tally's. */
    private LoadSnapshot drain() {
        return load.drain(iterationLatency, reportLatency, latencyLog.histogram(), tally.latencies());
    }

    /** A progress line over the events since the last one, up to {@code now}. */
    private void progress(long now, Counts counts, IterationInfo it) {
        console.progress(new RunConsole.Interval((now - trialStart) / 1e9, info.threads(), counts.minus(lastReport),
                (now - lastReportAt) / 1e9, console.percentile, ProgressLine.percentileMs(reportLatency, console.percentile),
                it.warmup(), load.openLoop(now)));
        reportLatency.reset();
        lastReport = counts;
        lastReportAt = now;
        // on the report interval's grid, as sysbench's: a line bench was held up past skips the ticks it missed
        do {
            nextReport += reportNanos();
        } while (nextReport <= now);
    }

    /** A zero report interval turns progress lines off. */
    private long reportNanos() {
        // never, for none or one longer than that (a sysbench line's --report-interval=-1): no overflow past it
        long never = Long.MAX_VALUE / 4;
        return plan.reportInterval().isZero() ? never : Math.min(never, plan.reportInterval().toNanos());
    }

    /** The variant's label in iteration lines when variants interleave, else empty (JMH's lines as they are). */
    private String variantTag() {
        return interleaved ? variant.label() : "";
    }

    /** Fails the trial when a worker failed or the server died. */
    private void check(TrialLoad load, IterationInfo it) throws RunFailure {
        Throwable t = load.control().failure();
        if (t != null ? ServerExit.exited(server) : !server.isAlive()) {
            throw new RunFailure("server exited during " + where(it) + " of variant " + variant.label()
                    + " (" + info.threads() + " threads, fork " + info.fork() + ")"
                    + ServerExit.howItEnded(server, console), t);
        }
        if (t != null) {
            throw failure("session failed", it, t);
        }
    }

    private RunFailure failure(String what, IterationInfo it, Throwable cause) {
        if (!server.isAlive()) {
            what = what + " after the server exited";
        }
        return new RunFailure("workload " + plan.workload() + ": " + what + (it == null ? "" : " in " + where(it))
                + " (variant " + variant.label() + ", " + info.threads() + " threads, fork " + info.fork() + "): "
                + RunFailure.describe(cause), cause);
    }

    private static String where(IterationInfo it) {
        return (it.warmup() ? "warmup " : "") + "iteration " + it.index();
    }

    private interface CollectorCall {
        void run() throws Exception;
    }

    private void collector(Collector c, String phase, IterationInfo it, CollectorCall call) throws RunFailure {
        long from = System.nanoTime();
        try {
            call.run();
            if (it != null) {
                stalls.called("collector " + c.name() + " in " + phase, System.nanoTime() - from);
            }
        } catch (Exception e) {
            throw new RunFailure("collector " + c.name() + " failed in " + phase + (it == null ? "" : " of " + where(it))
                    + " (variant " + variant.label() + ", " + info.threads() + " threads, fork " + info.fork() + "): "
                    + RunFailure.describe(e), e);
        }
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
