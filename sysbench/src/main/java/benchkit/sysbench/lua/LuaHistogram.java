package benchkit.sysbench.lua;

import benchkit.sysbench.console.SysbenchSummary;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.ThreeArgFunction;
import org.luaj.vm2.lib.TwoArgFunction;

import java.io.PrintStream;

/**
 * {@code sysbench.histogram}: {@code new(size, min, max)}, {@code h:update(value)}, {@code h:print()} — sysbench's
 * logarithmic histogram of {@code size} buckets from {@code min} to {@code max} (sb_histogram.c), printed in the rows
 * of its latency histogram.
 */
final class LuaHistogram {
    private final long[] counts;
    private final double deduct;
    private final double mult;

    private LuaHistogram(int size, double min, double max) {
        counts = new long[size];
        deduct = Math.log(min);
        mult = (size - 1) / (Math.log(max) - deduct);
    }

    synchronized void update(double value) {
        long i = (long) Math.floor((Math.log(value) - deduct) * mult + 0.5);
        counts[(int) Math.max(0, Math.min(counts.length - 1, i))]++;
    }

    synchronized void print(PrintStream out) {
        SysbenchSummary.histogramRows(counts, i -> Math.exp(i / mult + deduct)).forEach(out::println);
    }

    /** The {@code sysbench.histogram} table of a state printing to {@code out}. */
    static LuaTable library(PrintStream out) {
        LuaTable methods = new LuaTable();
        methods.set("update", new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue self, LuaValue value) {
                ((LuaHistogram) self.checkuserdata(LuaHistogram.class)).update(value.checkdouble());
                return NIL;
            }
        });
        methods.set("print", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                ((LuaHistogram) self.checkuserdata(LuaHistogram.class)).print(out);
                return NIL;
            }
        });
        LuaTable meta = new LuaTable();
        meta.set(LuaValue.INDEX, methods);
        LuaTable lib = new LuaTable();
        lib.set("new", new ThreeArgFunction() {
            @Override
            public LuaValue call(LuaValue size, LuaValue min, LuaValue max) {
                return new LuaUserdata(new LuaHistogram(size.checkint(), min.checkdouble(), max.checkdouble()), meta);
            }
        });
        return lib;
    }
}
