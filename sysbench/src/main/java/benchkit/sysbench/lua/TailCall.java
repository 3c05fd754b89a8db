package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.TailcallVarargs;
import org.luaj.vm2.Varargs;

/**
 * A tail call ({@code return f(x)}) as LuaJ's interpreter makes it, with a value that cannot be called refused where
 * the call is: the build (LuajPatch) turns each {@code new TailcallVarargs(f, args)} of {@code LuaClosure} into
 * {@link #of}. LuaJ calls {@code f} later, in its caller, so its "attempt to call nil" had no position or the
 * caller's, and ErrorNames named the caller's call ({@code attempt to call upvalue 'g'} for a {@code g} that is a
 * function); raised here, it has the tail call's line, whose OP_TAILCALL ErrorNames names as LuaJIT does.
 */
public final class TailCall {
    private TailCall() {
    }

    public static Varargs of(LuaValue f, Varargs args) {
        if (!(f instanceof LuaFunction) && f.getmetatable() == null) {
            throw new Refused("attempt to call " + f.typename());       // LuaJ's words, which ErrorNames reads
        }
        return new TailcallVarargs(f, args);
    }

    /** The error of a tail call refused: ErrorNames looks at the line's tail calls only (print(pcall(f)) has calls too). */
    static final class Refused extends LuaError {
        Refused(String message) {
            super(message);
        }
    }
}
