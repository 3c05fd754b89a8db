package benchkit.sysbench.lua;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;

import java.nio.charset.StandardCharsets;

/**
 * How a number that is not an integer becomes text, for LuaJ's number class itself: the build rewrites
 * {@code org.luaj.vm2.LuaDouble.tojstring()} to call {@link #text} where LuaJ wrote the number through a float or a long
 * ({@code LuajPatch}, run by this module's build), so {@code ..}, {@code tostring}, {@code print} and every
 * number-to-string coercion write LuaJIT's {@code %.14g}. The same build step turns {@code LuaString}'s
 * {@code scannumber} and {@code tonumber} to {@link #scan} and {@link #tonumber}: LuaJIT's string-to-number syntax
 * for {@code tonumber}, every string coerced in arithmetic and every string argument a number is expected for
 * (LuaJ 3.0.1 read no hex fraction or exponent, no 1e500, no "inf", only ' ' as space, and threw on "0x").
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

    /**
     * The number LuaJIT reads in {@code s} (its string scan, as {@code tonumber} without a base): C's whitespace
     * around, a sign, decimal digits with an optional '.' and e-exponent, or 0x hex digits with an optional '.' and
     * p-exponent (either written under 2^20), or 0b binary digits, or inf, infinity, nan in any case; NaN when there
     * is none (LuaJ's own convention, which its arithmetic checks: "nan" is a number only to {@link #tonumber}).
     */
    public static double scan(LuaString s) {
        byte[] b = s.m_bytes;
        int end = trimmedEnd(b, s.m_offset, s.m_offset + s.m_length);
        int i = trimmedStart(b, s.m_offset, end);
        if (i == end) {
            return Double.NaN;
        }
        boolean neg = b[i] == '-';
        if (neg || b[i] == '+') {
            i++;
        }
        // the common case without a String: up to 15 digits are exact in a double
        if (end - i <= 15 && i < end) {
            long n = 0;
            int k = i;
            while (k < end && b[k] >= '0' && b[k] <= '9') {
                n = n * 10 + (b[k++] - '0');
            }
            if (k == end) {
                return neg ? -(double) n : n;
            }
        }
        if (i < end && (b[i] & 0xFF) >= 'A') {
            return special(b, i, end, neg);
        }
        if (end - i >= 2 && b[i] == '0' && (b[i + 1] | 0x20) == 'b') {
            return binary(b, i + 2, end, neg);
        }
        boolean hex = end - i >= 2 && b[i] == '0' && (b[i + 1] | 0x20) == 'x';
        int start = hex ? i + 2 : i;
        int k = start;
        int digits = 0;
        boolean dot = false;
        for (; k < end; k++) {
            int c = b[k];
            if (c >= '0' && c <= '9' || hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
                digits++;
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        int mantissaEnd = k;
        int exponent = 0;
        boolean hasExponent = k < end && (b[k] | 0x20) == (hex ? 'p' : 'e');
        if (hasExponent) {
            k++;
            boolean expNeg = k < end && b[k] == '-';
            if (k < end && (b[k] == '-' || b[k] == '+')) {
                k++;
            }
            int expDigits = 0;
            for (; k < end && b[k] >= '0' && b[k] <= '9'; k++, expDigits++) {
                exponent = exponent * 10 + (b[k] - '0');
                if (exponent >= 1 << 20) {
                    return Double.NaN;      // LuaJIT refuses an exponent written from 2^20 up (1e1048576 is nil)
                }
            }
            if (expDigits == 0) {
                return Double.NaN;
            }
            exponent = expNeg ? -exponent : exponent;
        }
        if (k != end) {
            return Double.NaN;
        }
        String mantissa = new String(b, start, mantissaEnd - start, StandardCharsets.ISO_8859_1);
        // Java's own parse of the validated text rounds correctly, as LuaJIT's scan does
        double d = hex ? Double.parseDouble("0x" + mantissa + "p" + exponent)
                : Double.parseDouble(hasExponent ? mantissa + "e" + exponent : mantissa);
        return neg ? -d : d;
    }

    /** LuaJIT's 0b integers: binary digits only, no '.' or exponent, at most 64 after the leading zeros. */
    private static double binary(byte[] b, int i, int end, boolean neg) {
        if (i == end) {
            return Double.NaN;
        }
        while (i < end && b[i] == '0') {
            i++;
        }
        long n = 0;
        int digits = 0;
        for (; i < end; i++, digits++) {
            if (b[i] != '0' && b[i] != '1' || digits == 64) {
                return Double.NaN;
            }
            n = n << 1 | (b[i] - '0');
        }
        double d = n >= 0 ? n : ((n >>> 1) | (n & 1)) * 2.0;     // unsigned, rounded once
        return neg ? -d : d;
    }

    /** inf, infinity or nan (any case) and nothing else: LuaJIT's special numbers; NaN for anything else too. */
    private static double special(byte[] b, int i, int end, boolean neg) {
        if (word(b, i, end, "infinity") || word(b, i, end, "inf")) {
            return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.NaN;
    }

    private static boolean word(byte[] b, int i, int end, String w) {
        if (end - i != w.length()) {
            return false;
        }
        for (int k = 0; k < w.length(); k++) {
            if ((b[i + k] | 0x20) != w.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** C's isspace in the C locale, which LuaJIT's scan and strtoul skip. */
    private static boolean space(byte c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    /** LuaJIT's {@code tonumber(s)}: {@link #scan}, where "nan" (signed, spaced, any case) is NaN, not nil. */
    public static LuaValue tonumber(LuaString s) {
        double d = scan(s);
        if (!Double.isNaN(d)) {
            return LuaValue.valueOf(d);
        }
        byte[] b = s.m_bytes;
        int end = trimmedEnd(b, s.m_offset, s.m_offset + s.m_length);
        int i = trimmedStart(b, s.m_offset, end);
        if (i < end && (b[i] == '-' || b[i] == '+')) {
            i++;
        }
        return word(b, i, end, "nan") ? LuaValue.valueOf(Double.NaN) : LuaValue.NIL;
    }

    /** Where {@code b[from, end)} ends without C's trailing whitespace. */
    private static int trimmedEnd(byte[] b, int from, int end) {
        while (end > from && space(b[end - 1])) {
            end--;
        }
        return end;
    }

    /** Where {@code b[from, end)} starts without C's leading whitespace. */
    private static int trimmedStart(byte[] b, int from, int end) {
        while (from < end && space(b[from])) {
            from++;
        }
        return from;
    }

    /** LuaJIT's {@code tonumber(s, base)}: base 10 is the scan above; another is C's strtoul's. */
    public static LuaValue tonumber(LuaString s, int base) {
        if (base == 10) {
            return tonumber(s);
        }
        double d = scan(s, base);
        return Double.isNaN(d) ? LuaValue.NIL : LuaValue.valueOf(d);
    }

    /**
     * The number in {@code s} in {@code base} (2 to 36) as LuaJIT reads it for {@code tonumber(s, base)}: spaces, an
     * optional '-', then C's strtoul (spaces again, a sign, "0x" in base 16, saturating at 2^64-1), spaces, and the
     * end of the string as C sees it (its first NUL); NaN when there is no number.
     */
    public static double scan(LuaString s, int base) {
        if (base == 10) {
            return scan(s);
        }
        if (base < 2 || base > 36) {
            return Double.NaN;
        }
        byte[] b = s.m_bytes;
        int i = s.m_offset;
        int end = i + s.m_length;
        for (int k = i; k < end; k++) {
            if (b[k] == 0) {
                end = k;
                break;
            }
        }
        while (i < end && space(b[i])) {
            i++;
        }
        boolean neg = i < end && b[i] == '-';
        if (neg) {
            i++;
        }
        while (i < end && space(b[i])) {
            i++;
        }
        boolean negated = i < end && b[i] == '-';
        if (i < end && (b[i] == '-' || b[i] == '+')) {
            i++;
        }
        if (base == 16 && end - i > 2 && b[i] == '0' && (b[i + 1] | 0x20) == 'x' && digit(b[i + 2]) < 16) {
            i += 2;
        }
        long n = 0;
        boolean overflow = false;
        int start = i;
        for (int dv; i < end && (dv = digit(b[i])) < base; i++) {
            long next = n * base + dv;
            if (Long.compareUnsigned(n, Long.divideUnsigned(-1L - dv, base)) > 0) {
                overflow = true;
            }
            n = next;
        }
        if (i == start) {
            return Double.NaN;
        }
        while (i < end && space(b[i])) {
            i++;
        }
        if (i != end) {
            return Double.NaN;
        }
        n = overflow ? -1L : negated ? -n : n;
        double d = n >= 0 ? n : ((n >>> 1) | (n & 1)) * 2.0;     // unsigned, rounded once
        return neg ? -d : d;
    }

    /** A byte's digit value in bases up to 36; 99 for none. */
    private static int digit(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        int l = c | 0x20;
        return l >= 'a' && l <= 'z' ? l - 'a' + 10 : 99;
    }
}
