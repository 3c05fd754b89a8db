package benchkit.sysbench.lua;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LuaFormatTest {
    private static String format(String fmt, double... values) {
        LuaValue[] args = new LuaValue[values.length + 1];
        args[0] = LuaValue.valueOf(fmt);
        for (int i = 0; i < values.length; i++) {
            args[i + 1] = LuaValue.valueOf(values[i]);
        }
        Varargs out = new LuaFormat().invoke(LuaValue.varargsOf(args));
        return out.arg1().tojstring();
    }

    /** Each expected line is what sysbench 1.0.20 printed for the same string.format on this machine (Debian's LuaJIT 2.1). */
    @Test
    void roundsAsSysbenchsLuajitDoesTiesAwayFromZero() {
        // (-0.0 too prints -0.00 in sysbench; LuaJ makes every integral double, -0.0 included, its integer 0)
        assertEquals("-0.00|2.67|0.13|0.333333|1|2|3| -2.3|1000000000000000.250", format(
                "%.2f|%.2f|%.2f|%f|%.0f|%.0f|%.0f|%5.1f|%.3f", -0.001, 2.675, 0.125, 1.0 / 3, 0.5, 1.5, 2.5, -2.25,
                1e15 + 0.3));
        assertEquals("123456789.987654|0.000000000|-10000000000.000000", format("%f|%.9f|%f", 123456789.987654321, 1e-10,
                -1e300 / 1e290));
        assertEquals("3e+00|1.3e-01|1.13e+00|3|0.13|1.25e-05|0.3|  2.3|0.063   |-0001.13|+0.3| 0.3|4.", format(
                "%.0e|%.1e|%.2e|%.0g|%.2g|%g|%.1g|%5.1f|%-8.3f|%08.2f|%+.1f|% .1f|%#.0f", 2.5, 0.125, 1.125, 2.5, 0.125, 0.0000125,
                0.25, 2.25, 0.0625, -1.125, 0.25, 0.35, 3.5));
        assertEquals("1.00|0.1|1.000|0.10000000000000000555|10000000000000000000000.0", format("%.2f|%.1f|%.3f|%.20f|%.1f",
                1.005, 0.05, 1.0005, 0.1, 1e22));
    }

    /**
     * %a and %A, which LuaJIT 2.1 writes with its own formatter (bench said "invalid option '%a' to 'format'"): each
     * expected string is what sysbench 1.0.20 printed for the same string.format on this machine (2026-11-29).
     */
    @Test
    void hexFloatsAreWrittenAsLuajitWritesThem() {
        assertEquals("0x1p+0|0X1P+0|0x1p-1|-0x1.6p+1|0x0p+0|0x1.5555555555555p-2",
                format("%a|%A|%a|%a|%a|%a", 1, 1, 0.5, -2.75, 0, 1.0 / 3));
        assertEquals("0x1.000p+0|0x1p+0      |+0x1p+0|0x2p+0|inf|nan|0x1p-1074", format("%10.3a|%-12a|%+a|%.0a|%a|%a|%a",
                1, 1, 1, 1.5, Double.POSITIVE_INFINITY, Double.NaN, 5e-324));
        assertEquals("0x1.7e43c8800759cp+996|0x1.p+0| 0x1p+0|0x00001p+0", format("%a|%#a|% a|%010a", 1e300, 1, 1, 1));
        assertEquals("0x1.1p+0 0x1.2p+0 0x2.0p+0 0x2.0p+7 0x1.2p-1030", format("%.1a %.1a %.1a %.1a %.1a", 0x1.08p0,
                0x1.18p0, 0x1.fffp0, 255, 1e-310));
        assertEquals("0x000000000001.08p+0 0x1.2688b70e62bp-1030 0x1.55555555555550000000p-2 0X1.E240C9FBE76C9P+16 0x2.p+16",
                format("%020a %020a %.20a %A %#.0a", 0x1.08p0, 1e-310, 1.0 / 3, 123456.789, 123456.789));
        double inf = Double.POSITIVE_INFINITY;
        assertEquals("[+inf][ inf][nan][ nan][  inf][nan   ][+INF][0x1.8p+0][0x0.p+0]",
                format("[%+a][% a][%+a][% a][%05a][%-6a][%+A][%#a][%#a]", inf, inf, Double.NaN, Double.NaN, inf, Double.NaN,
                        inf, 1.5, 0));
    }

    /** inf and nan take the '+' and ' ' flags as in LuaJIT (nan ' ' only; bench ignored both): sysbench's output. */
    @Test
    void infAndNanTakeTheSignFlagsAsInLuajit() {
        double inf = Double.POSITIVE_INFINITY;
        assertEquals("[inf][nan][ inf][+inf][ nan]", format("[%e][%+f][% f][%+e][% e]", inf, Double.NaN, inf, inf, Double.NaN));
    }

    /** A width with a 0 in it is no '0' flag (bench wrote %10g zero-padded and %-10g unpadded): sysbench's output. */
    @Test
    void aWidthsZeroIsNotTheZeroFlag() {
        assertEquals("[       1.5][00000001.5][1.5       ][           2.000e+00]",
                format("[%10g][%010g][%-10g][%20.3e]", 1.5, 1.5, 1.5, 2));
    }

    /** What sysbench 1.0.20 gave for the same formats: %c, %q and %s with a width or precision work on bytes. */
    @Test
    void characterAndStringConversionsKeepAndCountBytesAsLuajitDoes() {
        LuaValue[] args = {LuaValue.valueOf("%q|%q|%.1s|%3.1s|%c|%5s|%-5s|%c"),
                LuaValue.valueOf("\0" + "1\u007f\r\n\"\\"), LuaValue.valueOf(new byte[] {'a', 0, (byte) 200}),
                LuaValue.valueOf(new byte[] {(byte) 200, (byte) 201}), LuaValue.valueOf(new byte[] {(byte) 200, 'x'}),
                LuaValue.valueOf(256 + 65), LuaValue.valueOf("\u00e9"), LuaValue.valueOf("\u00e9"), LuaValue.valueOf(200)};
        LuaValue out = new LuaFormat().invoke(LuaValue.varargsOf(args)).arg1();
        byte[] expected = "\"\\0001\\127\\13\\\n\\\"\\\\\"|\"a\\0\u00c8\"|\u00c8|  \u00c8|A|   \u00c3\u00a9|\u00c3\u00a9   |\u00c8"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertEquals(java.util.HexFormat.of().formatHex(expected), java.util.HexFormat.of().formatHex(
                java.util.Arrays.copyOfRange(out.checkstring().m_bytes, out.checkstring().m_offset,
                        out.checkstring().m_offset + out.checkstring().m_length)));
    }

    /** The long-arithmetic path gives what the exact BigDecimal gives, on random doubles and on exact ties. */
    @Test
    void fixedInLongAgreesWithTheExactValueRounded() {
        SplittableRandom random = new SplittableRandom(20261129);
        int checked = 0;
        for (int i = 0; i < 400_000; i++) {
            int p = random.nextInt(10);
            double a = switch (i % 4) {
                case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(-12, 19));
                case 1 -> Double.longBitsToDouble(random.nextLong(0, 0x7FF0_0000_0000_0000L));
                case 2 -> random.nextInt(1 << 20) / (double) (1L << random.nextInt(1, 40));   // ties at some precisions
                default -> random.nextInt(100_000) / Math.pow(10, random.nextInt(0, 8));
            };
            String fast = LuaFormat.fixedInLong(a, p);
            if (fast != null) {
                assertEquals(new BigDecimal(a).setScale(p, RoundingMode.HALF_UP).toPlainString(), fast, a + " at %." + p + "f");
                checked++;
            }
        }
        assertEquals(true, checked > 250_000, "the long path took " + checked + " of the values");
    }
}
