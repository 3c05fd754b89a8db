package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code string.format} as LuaJIT 2.1 (sysbench's Lua) does it: C's printf conversions with their flags, width and
 * precision, {@code %s} of any value through {@code tostring}. LuaJ 3.0.1's own ignores the precision of {@code %f}
 * ({@code ('%4.2f'):format(1/3)} gives 0.3333333333333333), which every report line of a script depends on. Numbers
 * are formatted in the root locale: a script's output is the same under de_DE as under C.
 */
final class LuaFormat extends VarArgFunction {
    @Override
    public Varargs invoke(Varargs args) {
        // on the bytes, as Lua's strings are: a %s of a string copies its bytes (binary ones too) with no decoding, and
        // the result is the bytes built (sysbench-tpcc and tpcc_like.lua format every statement they send)
        LuaString fmt = args.checkstring(1);
        byte[] f = fmt.m_bytes;
        int end = fmt.m_offset + fmt.m_length;
        Bytes out = new Bytes(fmt.m_length + 32);
        int arg = 2;
        for (int i = fmt.m_offset; i < end; i++) {
            if (f[i] != '%') {
                int run = i;          // the text up to the next conversion, copied at once
                while (run < end && f[run] != '%') {
                    run++;
                }
                out.add(f, i, run - i);
                i = run - 1;
                continue;
            }
            if (++i >= end) {
                throw new LuaError("invalid option '%' to 'format'");
            }
            if (f[i] == '%') {
                out.add((byte) '%');
                continue;
            }
            int start = i;
            while (i < end && "-+ #0".indexOf(f[i]) >= 0) {
                i++;
            }
            while (i < end && (f[i] >= '0' && f[i] <= '9' || f[i] == '.')) {
                i++;
            }
            if (i >= end) {
                throw new LuaError("invalid format string to 'format'");
            }
            char conv = (char) (f[i] & 0xFF);
            LuaValue v = args.arg(arg);
            if (v.isnil() && conv != 's' && arg > args.narg()) {
                throw new LuaError("bad argument #" + arg + " to 'format' (number expected, got no value)");
            }
            arg++;
            if (i == start && conv == 's' && v instanceof LuaString str) {
                out.add(str.m_bytes, str.m_offset, str.m_length);
            } else if (i == start && (conv == 'd' || conv == 'i')) {
                out.addAscii(Long.toString(integer(v, arg - 1)));
            } else {
                String spec = new String(f, start, i - start, StandardCharsets.ISO_8859_1);
                out.addLatin1(convert(spec, conv, v, arg - 1));
            }
        }
        return LuaString.valueUsing(out.bytes, 0, out.size);
    }

    /** A growing byte buffer, the one string.format builds. */
    private static final class Bytes {
        byte[] bytes;
        int size;

        Bytes(int capacity) {
            bytes = new byte[capacity];
        }

        void add(byte b) {
            if (size == bytes.length) {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
            }
            bytes[size++] = b;
        }

        void add(byte[] b, int offset, int length) {
            if (size + length > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + length));
            }
            System.arraycopy(b, offset, bytes, size, length);
            size += length;
        }

        void addAscii(String s) {
            for (int i = 0; i < s.length(); i++) {
                add((byte) s.charAt(i));
            }
        }

        /** A conversion's text, a char per byte (numbers are ASCII; %c, %q and %s keep their bytes so). */
        void addLatin1(String s) {
            byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
            add(b, 0, b.length);
        }
    }

    private static String convert(String spec, char conv, LuaValue v, int argNo) {
        // the conversions scripts use most, without a Formatter (sysbench-tpcc formats ~30 statements per transaction)
        if (spec.isEmpty()) {
            switch (conv) {
                case 'd', 'i' -> {
                    return Long.toString(integer(v, argNo));
                }
                case 's' -> {
                    return bytes(v);
                }
                default -> {
                }
            }
        }
        if ((conv == 'd' || conv == 'i') && isWidth(spec)) {
            // %05d, %2d: a width, zero-padded or not (tpcc scripts' s_dist_%02d), without a Formatter
            long n = integer(v, argNo);
            String digits = Long.toString(Math.abs(n));
            boolean zeros = spec.charAt(0) == '0';
            int width = Integer.parseInt(spec);
            int pad = width - digits.length() - (n < 0 ? 1 : 0);
            String fill = pad > 0 ? (zeros ? "0" : " ").repeat(pad) : "";
            return zeros ? (n < 0 ? "-" : "") + fill + digits : fill + (n < 0 ? "-" : "") + digits;
        }
        if (conv == 'f' && isPlainFixed(spec)) {
            double d = number(v, argNo);
            if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                int dot = spec.indexOf('.');
                String body = fixed(d, precision(spec));
                int width = dot <= 0 ? 0 : Integer.parseInt(spec.substring(0, dot));
                return body.length() >= width ? body : " ".repeat(width - body.length()) + body;
            }
        }
        switch (conv) {
            case 'd', 'i' -> {
                return String.format(Locale.ROOT, "%" + noHash(spec) + "d", integer(v, argNo));
            }
            case 'u' -> {
                long n = integer(v, argNo);
                return String.format(Locale.ROOT, "%" + noHash(spec) + "d", n < 0 ? n & 0xFFFF_FFFFL : n);
            }
            case 'x', 'X', 'o' -> {
                String s = String.format(Locale.ROOT, "%" + spec.replace("+", "").replace(" ", "") + conv, integer(v, argNo));
                return s;
            }
            case 'c' -> {
                return String.valueOf((char) (integer(v, argNo) & 0xFF));     // the byte, as C's (unsigned char)
            }
            case 'e', 'E', 'f', 'g', 'G' -> {
                double d = number(v, argNo);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    return nonFinite(spec, conv == 'E' || conv == 'G', d);
                }
                if (conv == 'g' || conv == 'G') {
                    return general(spec, conv, d);
                }
                return String.format(Locale.ROOT, "%" + spec + conv, exact(d, precision(spec), conv == 'f'));
            }
            case 'a', 'A' -> {
                return hexFloat(spec, conv == 'A', number(v, argNo));
            }
            case 'q' -> {
                v.checkstring();
                return quoted(bytes(v));
            }
            case 's' -> {
                String s = bytes(v);     // width and precision count bytes, as C's
                if (spec.contains(".")) {
                    int precision = Integer.parseInt(spec.substring(spec.indexOf('.') + 1).isEmpty() ? "0"
                            : spec.substring(spec.indexOf('.') + 1));
                    s = s.substring(0, Math.min(s.length(), precision));
                    spec = spec.substring(0, spec.indexOf('.'));
                }
                return pad(spec, s);
            }
            default -> throw new LuaError("invalid option '%" + conv + "' to 'format'");
        }
    }

    /**
     * A number that is not an integer as LuaJIT writes it (its "%.14g": 1/3 is 0.33333333333333, 2^53 is
     * 9.007199254741e+15, 1e100 is 1e+100); LuaJ writes it through a float (0.33333334, 9.9999999E14 for 1e15+0.5,
     * Infinity for 1e100). LuaJ's LuaDouble calls it through {@link LuaNumbers} (LuajPatch, at build time).
     */
    static String numberText(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf";
        }
        return general(".14", 'g', d);
    }

    /** The precision of a spec, 6 when it gives none (C's default for %e, %f and %g). */
    private static int precision(String spec) {
        int dot = spec.indexOf('.');
        return dot < 0 ? 6 : parseOr(spec.substring(dot + 1), 0);
    }

    /**
     * {@code d} rounded as LuaJIT 2.1 rounds it: the exact binary value to the nearest, an exact tie away from zero
     * (0.125 at two decimals is 0.13, 2.675 is 2.67 as its binary value is below the tie; glibc's printf would give
     * 0.12, ties to even). Java's Formatter rounds a double's shortest decimal form instead (2.68). Formatted as a
     * BigDecimal, it is taken as is.
     */
    private static java.math.BigDecimal exact(double d, int precision, boolean fixed) {
        java.math.BigDecimal b = new java.math.BigDecimal(d);
        return fixed ? b.setScale(precision, java.math.RoundingMode.HALF_UP)
                : b.round(new java.math.MathContext(precision + 1, java.math.RoundingMode.HALF_UP));
    }

    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
            100_000_000L, 1_000_000_000L};

    /** %.Nf of a finite {@code d}: the sign of a negative value, -0.0 and -0.001 at %.2f included ("-0.00"), as LuaJIT's. */
    static String fixed(double d, int precision) {
        String sign = Double.doubleToRawLongBits(d) < 0 ? "-" : "";
        String body = fixedInLong(Math.abs(d), precision);
        return sign + (body != null ? body : exact(Math.abs(d), precision, true).toPlainString());
    }

    /**
     * {@link #exact} at a fixed precision of at most 9 without a BigDecimal, for {@code a} ≥ 0 whose {@code a·10^p}
     * stays under 2^62 (null otherwise): a = m·2^e exactly, so a·10^p = (m·5^p)·2^(e+p), a product of at most 74 bits
     * shifted right with the bits shifted out deciding the rounding. sysbench-tpcc formats a %f per row of its prepare,
     * and the BigDecimal's exact expansion took about a tenth of the client's CPU there (JFR, 2026-11-29).
     */
    static String fixedInLong(double a, int p) {
        if (p > 9 || !(a < 0x1p62 / POWERS_OF_TEN[p])) {
            return null;
        }
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) (bits >>> 52) & 0x7FF;
        long m = bits & 0xF_FFFF_FFFF_FFFFL;
        int e = biased == 0 ? -1074 : biased - 1075;
        if (biased != 0) {
            m |= 1L << 52;
        }
        long five = POWERS_OF_TEN[p] >> p;                     // 5^p
        long lo = m * five;
        long hi = Math.multiplyHigh(m, five);
        int shift = -(e + p);
        long q;
        boolean up;
        if (shift <= 0) {
            q = lo << -shift;                                   // under 2^62: hi is 0, nothing shifted out
            up = false;
        } else if (shift < 64) {
            q = (hi << (64 - shift)) | (lo >>> shift);
            up = Long.compareUnsigned(lo & ((1L << shift) - 1), 1L << (shift - 1)) >= 0;
        } else if (shift < 128) {
            int s = shift - 64;
            q = hi >>> s;
            up = s == 0 ? lo < 0 : (hi & ((1L << s) - 1)) >= 1L << (s - 1);
        } else {
            q = 0;                                              // the product is under 2^74, far below half of 2^128
            up = false;
        }
        q += up ? 1 : 0;
        String whole = Long.toString(q / POWERS_OF_TEN[p]);
        if (p == 0) {
            return whole;
        }
        String fraction = Long.toString(q % POWERS_OF_TEN[p]);
        return whole + "." + "0".repeat(p - fraction.length()) + fraction;
    }

    /** C's %g: the shorter of %e and %f at the precision, trailing zeros dropped unless '#'. */
    private static String general(String spec, char conv, double d) {
        int dot = spec.indexOf('.');
        int precision = dot < 0 ? 6 : Math.max(1, parseOr(spec.substring(dot + 1), 0));   // C: %.0g is %.1g
        String flags = dot < 0 ? spec : spec.substring(0, dot);
        // the exponent after rounding to the precision decides, as in C
        String e = String.format(Locale.ROOT, "%." + (precision - 1) + "e", exact(d, precision - 1, false));
        int exp = Integer.parseInt(e.substring(e.indexOf('e') + 1));
        String body;
        if (exp < -4 || exp >= precision) {
            body = String.format(Locale.ROOT, "%." + (precision - 1) + "e", exact(Math.abs(d), precision - 1, false));
            if (!flag(flags, '#')) {
                String mantissa = body.substring(0, body.indexOf('e'));
                body = stripZeros(mantissa) + body.substring(body.indexOf('e'));
            }
        } else {
            int decimals = Math.max(0, precision - 1 - exp);
            body = String.format(Locale.ROOT, "%." + decimals + "f", exact(Math.abs(d), decimals, true));
            if (!flag(flags, '#')) {
                body = stripZeros(body);
            }
        }
        if (conv == 'G') {
            body = body.toUpperCase(Locale.ROOT);
        }
        String sign = d < 0 || (d == 0 && 1 / d < 0) ? "-" : flag(flags, '+') ? "+" : flag(flags, ' ') ? " " : "";
        int width = width(flags);
        String s = sign + body;
        if (flag(flags, '0') && !flag(flags, '-') && s.length() < width) {
            return sign + "0".repeat(width - s.length()) + body;
        }
        return pad(flags, s);
    }

    /**
     * C's %a as LuaJIT 2.1 writes it (its own formatter, not the C library's): 0x1.8p+0; a subnormal normalized
     * (5e-324 is 0x1p-1074); without a precision the fraction's trailing zeros dropped, with one rounded half away from
     * zero in the hex digits (0x1.08 at one digit is 0x1.1) and carried into the leading digit without normalizing
     * again (0x1.fff at one digit is 0x2.0); '0' pads after the "0x"; nan takes ' ' but not '+'.
     */
    private static String hexFloat(String spec, boolean upper, double d) {
        int dot = spec.indexOf('.');
        String flags = dot < 0 ? spec : spec.substring(0, dot);
        int precision = dot < 0 ? -1 : parseOr(spec.substring(dot + 1), 0);
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return nonFinite(flags, upper, d);
        }
        long bits = Double.doubleToRawLongBits(d);
        String sign = bits < 0 ? "-" : flag(flags, '+') ? "+" : flag(flags, ' ') ? " " : "";
        int biased = (int) (bits >>> 52) & 0x7FF;
        long fraction = bits & 0xF_FFFF_FFFF_FFFFL;
        int lead = biased == 0 && fraction == 0 ? 0 : 1;
        int exp = biased == 0 ? (fraction == 0 ? 0 : -1022) : biased - 1023;
        if (biased == 0 && fraction != 0) {
            while ((fraction & (1L << 52)) == 0) {      // a subnormal: its first 1 bit becomes the leading digit
                fraction <<= 1;
                exp--;
            }
            fraction &= 0xF_FFFF_FFFF_FFFFL;
        }
        String digits;
        if (precision < 0) {
            digits = fraction == 0 ? "" : stripTrailing(String.format(Locale.ROOT, "%013x", fraction), '0');
        } else if (precision < 13) {
            int shift = 4 * (13 - precision);
            fraction += 1L << (shift - 1);
            if (fraction >>> 52 != 0) {
                lead++;
                fraction &= 0xF_FFFF_FFFF_FFFFL;
            }
            fraction >>>= shift;
            digits = precision == 0 ? "" : String.format(Locale.ROOT, "%0" + precision + "x", fraction);
        } else {
            digits = String.format(Locale.ROOT, "%013x", fraction) + "0".repeat(precision - 13);
        }
        String body = lead + (digits.isEmpty() && !flag(flags, '#') ? "" : ".") + digits + "p" + (exp < 0 ? "-" : "+")
                + Math.abs(exp);
        int width = width(flags);
        String zeros = flag(flags, '0') && !flag(flags, '-') ? "0".repeat(Math.max(0, width - sign.length() - 2
                - body.length())) : "";
        String s = sign + "0x" + zeros + body;
        return pad(flags, upper ? s.toUpperCase(Locale.ROOT) : s);
    }

    /** inf or nan as LuaJIT writes them in %a, %e, %f, %g: signed by '+' or ' ' (nan by ' ' only), padded with spaces. */
    private static String nonFinite(String spec, boolean upper, double d) {
        String sign = d < 0 ? "-" : flag(spec, '+') && !Double.isNaN(d) ? "+" : flag(spec, ' ') ? " " : "";
        String s = sign + (Double.isNaN(d) ? "nan" : "inf");
        return pad(spec, upper ? s.toUpperCase(Locale.ROOT) : s);
    }

    private static String stripTrailing(String s, char c) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == c) {
            end--;
        }
        return s.substring(0, end);
    }

    private static String stripZeros(String s) {
        if (!s.contains(".")) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static int parseOr(String s, int fallback) {
        try {
            return s.isEmpty() ? fallback : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** A spec of a width only, zero-padded or not ({@code 02}, {@code 5}). */
    private static boolean isWidth(String spec) {
        if (spec.isEmpty() || spec.length() > 3) {
            return false;
        }
        for (int i = 0; i < spec.length(); i++) {
            if (spec.charAt(i) < '0' || spec.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A %f spec of a width and a precision only ({@code .2}, {@code 4.2}): no flags. */
    private static boolean isPlainFixed(String spec) {
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '.') || i == 0 && c == '0') {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code spec} has the flag {@code c} (among its leading flags, not its width's digits: %10g has no '0'). */
    private static boolean flag(String spec, char c) {
        for (int i = 0; i < spec.length() && "-+ #0".indexOf(spec.charAt(i)) >= 0; i++) {
            if (spec.charAt(i) == c) {
                return true;
            }
        }
        return false;
    }

    /** The width of a spec: its digits after the flags, before any '.'. */
    private static int width(String spec) {
        int i = 0;
        while (i < spec.length() && "-+ #0".indexOf(spec.charAt(i)) >= 0) {
            i++;
        }
        int w = 0;
        while (i < spec.length() && Character.isDigit(spec.charAt(i))) {
            w = w * 10 + spec.charAt(i++) - '0';
        }
        return w;
    }

    /** Width and '-' of a spec applied to a string. */
    private static String pad(String spec, String s) {
        int width = width(spec);
        if (s.length() >= width) {
            return s;
        }
        String fill = " ".repeat(width - s.length());
        return spec.contains("-") ? s + fill : fill + s;
    }

    private static String noHash(String spec) {
        return spec.replace("#", "");
    }

    /** LuaJIT converts a number with a fraction to an integer as C does, toward zero (sysbench-tpcc formats amounts with %d). */
    private static long integer(LuaValue v, int argNo) {
        return (long) number(v, argNo);
    }

    private static double number(LuaValue v, int argNo) {
        LuaValue n = v.tonumber();
        if (n.isnil()) {
            throw new LuaError("bad argument #" + argNo + " to 'format' (number expected, got " + v.typename() + ")");
        }
        return n.todouble();
    }

    /** A value's string with a char per byte (ISO-8859-1), for the conversions that copy bytes. */
    private static String bytes(LuaValue v) {
        LuaString s = v.isstring() ? v.strvalue() : LuaValue.valueOf(v.tojstring());
        return new String(s.m_bytes, s.m_offset, s.m_length, StandardCharsets.ISO_8859_1);
    }

    /** %q as LuaJIT's: '"', '\\' and a newline escaped by '\\', other control bytes as decimal escapes ("\\13"). */
    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\' || c == '\n') {
                b.append('\\').append(c);
            } else if (c < ' ' || c == 0x7f) {
                boolean digitNext = i + 1 < s.length() && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '9';
                // three digits before a digit, so that it is not read as part of the escape
                b.append('\\').append(digitNext ? String.format(Locale.ROOT, "%03d", (int) c) : Integer.toString(c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
