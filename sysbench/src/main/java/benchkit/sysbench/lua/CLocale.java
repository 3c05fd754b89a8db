package benchkit.sysbench.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.VarArgFunction;

import java.io.PrintStream;

/**
 * What a script sees of the C locale, which sysbench never leaves (it calls no setlocale): LuaJIT's case mapping and
 * character classes are ASCII's and work on bytes. LuaJ's {@code string.upper/lower} decode the string and map it in
 * Java's default locale (Turkish maps "i" to "İ"; invalid UTF-8 becomes U+FFFD), its pattern classes ({@code %a},
 * {@code %p}, {@code %s}...) take Latin-1 letters and miss ASCII's {@code [\]^_`{|}~} and '\v', and its {@code print}
 * decodes the bytes it writes.
 */
final class CLocale {
    // LuaJ's character-class bits (StringLib.MASK_*)
    private static final int ALPHA = 0x01;
    private static final int LOWER = 0x02;
    private static final int UPPER = 0x04;
    private static final int DIGIT = 0x08;
    private static final int PUNCT = 0x10;
    private static final int SPACE = 0x20;
    private static final int CONTROL = 0x40;
    private static final int HEX = 0x80;

    static {
        cTypes(libraryTable());
    }

    private CLocale() {
    }

    /** Sets the functions above in a state's globals (os.date and os.time are {@link Strftime}'s). */
    static void install(Globals g) {
        LuaTable string = g.get("string").checktable();
        string.set("upper", caseMapping('a', 'z', 'A' - 'a'));
        string.set("lower", caseMapping('A', 'Z', 'a' - 'A'));
        g.set("print", print(g));
        Strftime.install(g.get("os").checktable());
    }

    /**
     * StringLib's own class table, filled once with the C locale's classes: its matcher reads only that table, and
     * replacing the matcher (find, match, gmatch, gsub) would copy all of LuaJ's pattern code.
     */
    private static byte[] libraryTable() {
        try {
            java.lang.reflect.Field f = StringLib.class.getDeclaredField("CHAR_TABLE");
            f.setAccessible(true);
            return (byte[]) f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("LuaJ's StringLib has no CHAR_TABLE to set to the C locale's classes", e);
        }
    }

    /** The classes of the bytes 0-255 as the C locale's ctype functions give them. */
    static void cTypes(byte[] table) {
        for (int c = 0; c < table.length; c++) {
            boolean lower = c >= 'a' && c <= 'z';
            boolean upper = c >= 'A' && c <= 'Z';
            boolean digit = c >= '0' && c <= '9';
            boolean alnum = lower || upper || digit;
            int bits = (lower || upper ? ALPHA : 0) | (lower ? LOWER : 0) | (upper ? UPPER : 0) | (digit ? DIGIT : 0)
                    | (c > ' ' && c < 0x7f && !alnum ? PUNCT : 0)
                    | (c == ' ' || (c >= '\t' && c <= '\r') ? SPACE : 0)
                    | (c < ' ' || c == 0x7f ? CONTROL : 0)
                    | (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? HEX : 0);
            table[c] = (byte) bits;
        }
    }

    /** toupper/tolower of the C locale on each byte: only the ASCII letters from..to change, by shift. */
    private static OneArgFunction caseMapping(char from, char to, int shift) {
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue arg) {
                LuaString s = arg.checkstring();
                byte[] out = new byte[s.m_length];
                for (int i = 0; i < out.length; i++) {
                    byte b = s.m_bytes[s.m_offset + i];
                    out[i] = b >= from && b <= to ? (byte) (b + shift) : b;
                }
                return LuaString.valueUsing(out);
            }
        };
    }

    /** print as Lua's: each argument's tostring, as bytes, tab-separated, then a newline, on the state's stdout. */
    private static VarArgFunction print(Globals g) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaValue tostring = g.get("tostring");
                java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
                for (int i = 1; i <= args.narg(); i++) {
                    if (i > 1) {
                        line.write('\t');
                    }
                    LuaString s = tostring.call(args.arg(i)).checkstring();
                    line.write(s.m_bytes, s.m_offset, s.m_length);
                }
                line.write('\n');
                PrintStream out = g.STDOUT;
                out.write(line.toByteArray(), 0, line.size());     // one write: threads' lines do not mix
                return NONE;
            }
        };
    }
}
