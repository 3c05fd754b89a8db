package benchkit.sysbench.lua;

import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

/**
 * One client thread of a script: its own Lua state, {@code thread_init(tid)} when opened, one {@code event(tid)} per
 * bench event and {@code thread_done(tid)} at the end. An error table with {@code sysbench.error.RESTART_EVENT} (an
 * ignored SQL error, or one the script raises) ends the event as an ignored error after the script's
 * {@code before_restart_event} hook, or as a retry when the connection was re-established; any other error ends the
 * run with the script's message, as sysbench's {@code `thread_run' function failed}.
 */
final class LuaSession implements Session {
    private final ScriptState state;
    private final LuaValue event;
    private final LuaValue tid;
    private final SessionContext context;

    private LuaSession(ScriptState state, LuaValue event, SessionContext context) {
        this.state = state;
        this.event = event;
        this.context = context;
        this.tid = LuaValue.valueOf(context.thread());
    }

    static LuaSession open(ScriptState state, SessionContext context) {
        int tid = context.thread();
        LuaValue event = state.global("event");
        if (!event.isfunction()) {
            state.close();
            throw new LuaWorkload.ScriptFailure(state.script().shownPath() + " defines no event() function to run");
        }
        LuaValue init = state.global("thread_init");
        if (init.isfunction()) {
            try {
                init.call(LuaValue.valueOf(tid));
            } catch (LuaError e) {
                state.close();
                throw new LuaWorkload.ScriptFailure("`thread_init' function failed: " + LuaMessages.text(e));
            } catch (ScriptState.Exit e) {
                state.close();
                throw e.in("thread_init");
            }
        }
        return new LuaSession(state, event, context);
    }

    @Override
    public Outcome execute() {
        long reconnects = state.sql().counts().reconnects;
        try {
            LuaValue returned = event.call(tid);
            if (returned.toboolean()) {
                // sysbench ends the thread; bench would go on calling event() for the rest of the time, which the
                // script said not to
                throw new LuaWorkload.ScriptFailure("event() returned " + shown(returned) + ", on which sysbench ends "
                        + "the thread's event loop; a bench run measures every session for the whole time and cannot end "
                        + "one early: run the script as a sysbench line instead");
            }
            int kind = state.bench().takeKind();
            if (kind >= 0) {
                context.eventKind(kind);
            }
            return Outcome.OK;
        } catch (LuaError e) {
            state.bench().takeKind();
            LuaValue err = e.getMessageObject();
            if (err == null || !err.istable() || err.get("errcode").toint() != SqlLib.RESTART_EVENT) {
                throw new LuaWorkload.ScriptFailure("`thread_run' function failed: " + LuaMessages.text(e));
            }
            LuaValue hook = state.hook("before_restart_event");
            if (hook.isfunction()) {
                hook.call(err);
            }
            return state.sql().counts().reconnects > reconnects ? Outcome.RETRY : Outcome.IGNORED_ERROR;
        } catch (ScriptState.Exit e) {
            throw e.in("event");
        }
    }

    /** A value event() returned, as the script wrote it; one other than true is said to count as true. */
    private static String shown(LuaValue v) {
        if (v.type() == LuaValue.TBOOLEAN) {
            return v.tojstring();
        }
        String value = switch (v.type()) {
            case LuaValue.TSTRING -> "\"" + v.tojstring() + "\"";
            case LuaValue.TNUMBER -> v.tojstring();
            default -> "a " + v.typename();
        };
        return value + " (a true value: anything but nil and false)";
    }

    @Override
    public void close() {
        try {
            LuaValue done = state.global("thread_done");
            if (done.isfunction()) {
                done.call(tid);
            }
        } catch (LuaError e) {
            throw new LuaWorkload.ScriptFailure("`thread_done' function failed: " + LuaMessages.text(e));
        } catch (ScriptState.Exit e) {
            throw e.in("thread_done");
        } finally {
            state.close();
        }
    }
}
