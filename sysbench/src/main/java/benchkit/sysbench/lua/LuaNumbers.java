package benchkit.sysbench.lua;

/**
 * How a number that is not an integer becomes text, for LuaJ's number class itself: the build rewrites
 * {@code org.luaj.vm2.LuaDouble.tojstring()} to call {@link #text} where LuaJ wrote the number through a float or a long
 * ({@code LuaDoublePatch}, run by this module's build), so {@code ..}, {@code tostring}, {@code print} and every
 * number-to-string coercion write LuaJIT's {@code %.14g}.
 */
public final class LuaNumbers {
    private LuaNumbers() {
    }

    /** LuaJIT's text of a number that is not an integer (and of NaN and the infinities). */
    public static String text(double d) {
        return LuaFormat.numberText(d);
    }

    /** LuaJIT's text of an integral number too large for LuaJ's int (2^53 is 9.007199254741e+15). */
    public static String text(long integral) {
        return LuaFormat.numberText(integral);
    }
}
