package benchkit.core.run.load;

import benchkit.core.run.console.Counts;

import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One client thread for many sessions (--client-threads loop): keeps an event in flight on each,
 * and resumes a session when its channel is readable, so one wake-up can serve several replies
 * instead of one thread waking per query. Events are counted and timed as a {@link Worker} does,
 * closed loop or on the open-loop schedule.
 */
final class EventLoop implements Runnable {
    /** How often an idle loop looks at the run flag. */
    private static final long IDLE_CHECK_MILLIS = 100;
    /** Waits shorter than a selector's millisecond are spent polling and parking briefly. */
    private static final long SHORT_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long SHORT_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final long NONE = Long.MIN_VALUE;
    /** How long a stopping loop waits for the replies of the events in flight (TrialLoad waits 10 s for it). */
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final List<Slot> slots = new ArrayList<>();
    private final LoadControl control;
    /** Slots without an event in flight: waiting for their next start, or for a claim under an event limit. */
    private final List<Slot> idle = new ArrayList<>();

    /** One session and where its event stands. */
    private static final class Slot {
        final PolledSession session;
        final EventRecorder events;
        final Schedule schedule;
        SelectionKey key;
        long start;
        /** The planned start of the next event, or NONE. */
        long due = NONE;
        /** When to try again to start an event. */
        long wakeAt;

        Slot(PolledSession session, EventRecorder events, Schedule schedule) {
            this.session = session;
            this.events = events;
            this.schedule = schedule;
        }
    }

    /** A checked failure of a session, carried out of the selector's callback. */
    private static final class SessionFailure extends RuntimeException {
        SessionFailure(Exception cause) {
            super(cause);
        }
    }

    EventLoop(LoadControl control) {
        this.control = control;
    }

    /** Adds a session; {@code schedule} is null in a closed loop. */
    void add(PolledSession session, EventRecorder events, Schedule schedule) {
        slots.add(new Slot(session, events, schedule));
    }

    @Override
    public void run() {
        try (Selector selector = Selector.open()) {
            for (Slot s : slots) {
                s.key = s.session.channel().register(selector, SelectionKey.OP_READ, s);
                idle.add(s);
            }
            while (control.running()) {
                long wakeAt = startDue(selector);
                waitForReplies(selector, wakeAt);
            }
            drainInFlight(selector);
        } catch (SessionFailure f) {
            control.fail(f.getCause());
        } catch (Throwable t) {
            control.fail(t);
        }
    }

    /** Starts the events that are due; returns when the next idle slot wants to start (NONE if none waits). */
    private long startDue(Selector selector) throws Exception {
        long next = NONE;
        for (int i = 0; i < idle.size(); i++) {
            Slot s = idle.get(i);
            long now = System.nanoTime();
            if (s.wakeAt <= now && tryStart(selector, s, now)) {
                idle.set(i, idle.get(idle.size() - 1));
                idle.remove(idle.size() - 1);
                i--;
            } else if (next == NONE || s.wakeAt < next) {
                next = s.wakeAt;
            }
        }
        return next;
    }

    /** Starts the slot's next event if it is due and claimed; true when one is then in flight. */
    private boolean tryStart(Selector selector, Slot s, long now) throws Exception {
        while (control.running()) {
            if (s.due == NONE) {
                s.due = s.schedule != null ? s.schedule.next(control.startNanos()) : now;
            }
            if (s.due > now) {
                s.wakeAt = s.due;
                return false;
            }
            if (control.maxEvents > 0 && !control.claimEvent()) {
                // Every event of the limit is running elsewhere; one may yet end in an error and come back.
                s.due = NONE;
                s.wakeAt = now + Worker.CLAIM_RETRY_NANOS;
                return false;
            }
            s.start = s.due;
            s.due = NONE;
            s.events.started(s.start);
            Outcome outcome = s.session.begin();
            if (outcome == null) {
                return true;
            }
            finish(selector, s, outcome);
            now = System.nanoTime();
        }
        return false;
    }

    /**
     * Lets the events in flight end before the loop returns, so that a paused trial (another variant's
     * slice runs meanwhile) resumes its sessions between events: a session left mid-event would read the
     * old event's replies as the new one's, and its half-done transaction would be committed by the next
     * BEGIN. Sessions still busy after the bound make the trial unable to resume.
     */
    private void drainInFlight(Selector selector) throws IOException {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        while (idle.size() < slots.size()) {
            if (System.nanoTime() - deadline > 0) {
                control.cannotResume((slots.size() - idle.size()) + " sessions still had an event in flight "
                        + TimeUnit.NANOSECONDS.toSeconds(DRAIN_NANOS) + " s after the load paused");
                return;
            }
            waitForReplies(selector, deadline);
        }
    }

    private void waitForReplies(Selector selector, long wakeAt) throws IOException {
        long waitNanos = wakeAt == NONE ? TimeUnit.MILLISECONDS.toNanos(IDLE_CHECK_MILLIS) : wakeAt - System.nanoTime();
        if (waitNanos >= SHORT_WAIT_NANOS) {
            selector.select(key -> onReadable(selector, key),
                    Math.min(IDLE_CHECK_MILLIS, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
        } else if (selector.selectNow(key -> onReadable(selector, key)) == 0 && waitNanos > 0) {
            LockSupport.parkNanos(Math.min(waitNanos, SHORT_PARK_NANOS));
        }
    }

    private void onReadable(Selector selector, SelectionKey key) {
        Slot s = (Slot) key.attachment();
        try {
            Outcome outcome = s.session.resume();
            if (outcome != null) {
                finish(selector, s, outcome);
                long now = System.nanoTime();
                if (!tryStart(selector, s, now)) {
                    idle.add(s);
                }
            }
        } catch (SessionFailure f) {
            throw f;
        } catch (Exception e) {
            throw new SessionFailure(e);
        }
    }

    /** Counts the event; a session that reconnected has a new channel to wait on. */
    private void finish(Selector selector, Slot s, Outcome outcome) throws IOException {
        s.events.finished(outcome, s.start, System.nanoTime());
        if (s.key.channel() != s.session.channel()) {
            s.key.cancel();
            s.key = s.session.channel().register(selector, SelectionKey.OP_READ, s);
        }
    }
}
