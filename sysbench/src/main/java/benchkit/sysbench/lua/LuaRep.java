package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

import java.util.Arrays;

/**
 * {@code string.rep(s, n [, sep])} as LuaJIT 2.1 (sysbench's Lua) does it: a count of zero or less gives "", and the
 * separator goes between the copies. LuaJ 3.0.1's throws Java's NegativeArraySizeException for a negative count and
 * ignores the separator. Scripts call it per row ({@code sysbench.rand.string(string.rep("@", n))}): one repeated
 * byte is one fill, and longer copies double what is already built, not one copy per repetition.
 */
final class LuaRep extends VarArgFunction {
    @Override
    public Varargs invoke(Varargs args) {
        LuaString s = args.checkstring(1);
        long n = args.checklong(2);
        LuaString sep = args.optstring(3, LuaString.EMPTYSTRING);
        if (n <= 0) {
            return LuaString.EMPTYSTRING;
        }
        int unit = s.m_length + sep.m_length;
        long size = unit * n - sep.m_length;
        if (size >= Integer.MAX_VALUE - 8) {
            throw new LuaError("resulting string too large");
        }
        byte[] out = new byte[(int) size];
        if (unit == 1 && s.m_length == 1) {
            Arrays.fill(out, s.m_bytes[s.m_offset]);
        } else if (size > 0) {
            System.arraycopy(s.m_bytes, s.m_offset, out, 0, s.m_length);
            int built = s.m_length;
            if (n > 1) {
                System.arraycopy(sep.m_bytes, sep.m_offset, out, built, sep.m_length);
                built += sep.m_length;
            }
            // out holds k copies, each followed by sep but the last: doubling what is there keeps that shape
            while (built < out.length) {
                int copy = Math.min(built, out.length - built);
                System.arraycopy(out, 0, out, built, copy);
                built += copy;
            }
        }
        return LuaString.valueUsing(out);
    }
}
