package benchkit.sysbench.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * LuaJIT's {@code bit} module, which scripts written for sysbench use (sysbench-tpcc's NURand calls {@code bit.bor}):
 * operations on 32-bit integers, results as signed 32-bit numbers, as LuaJIT gives them.
 */
final class BitLib {
    private BitLib() {
    }

    static LuaTable create() {
        LuaTable bit = new LuaTable();
        bit.set("tobit", unary(x -> x));
        bit.set("bnot", unary(x -> ~x));
        bit.set("bswap", unary(Integer::reverseBytes));
        bit.set("band", fold((a, b) -> a & b));
        bit.set("bor", fold((a, b) -> a | b));
        bit.set("bxor", fold((a, b) -> a ^ b));
        bit.set("lshift", binary((a, n) -> a << (n & 31)));
        bit.set("rshift", binary((a, n) -> a >>> (n & 31)));
        bit.set("arshift", binary((a, n) -> a >> (n & 31)));
        bit.set("rol", binary((a, n) -> Integer.rotateLeft(a, n & 31)));
        bit.set("ror", binary((a, n) -> Integer.rotateRight(a, n & 31)));
        bit.set("tohex", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                int x = toBit(args.arg(1));
                int n = args.isnil(2) ? 8 : args.checkint(2);
                String digits = String.format(java.util.Locale.ROOT, n < 0 ? "%08X" : "%08x", x);
                int width = Math.min(8, Math.abs(n));
                return LuaValue.valueOf(digits.substring(8 - width));
            }
        });
        return bit;
    }

    /** LuaJ numbers are doubles or ints; LuaJIT normalises with modular arithmetic to 32 bits. */
    static int toBit(LuaValue v) {
        double d = v.checkdouble();
        return (int) (long) d;
    }

    private static VarArgFunction unary(IntUnaryOperator op) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return LuaValue.valueOf(op.applyAsInt(toBit(args.arg(1))));
            }
        };
    }

    private static VarArgFunction binary(IntBinaryOperator op) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return LuaValue.valueOf(op.applyAsInt(toBit(args.arg(1)), toBit(args.arg(2))));
            }
        };
    }

    private static VarArgFunction fold(IntBinaryOperator op) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                int r = toBit(args.arg(1));
                for (int i = 2; i <= args.narg(); i++) {
                    r = op.applyAsInt(r, toBit(args.arg(i)));
                }
                return LuaValue.valueOf(r);
            }
        };
    }
}
