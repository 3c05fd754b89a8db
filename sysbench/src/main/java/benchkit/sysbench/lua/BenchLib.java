package benchkit.sysbench.lua;

import java.util.ArrayList;
import java.util.List;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.OneArgFunction;

/**
 * The {@code bench} table, bench's own addition to sysbench's API, there only when bench runs the script (so a script
 * that tests {@code if bench then ... end} runs unchanged under sysbench):
 * <ul>
 * <li>{@code bench.event_kinds{"new_order", "payment", ...}} at the script's top declares the kinds of its events;</li>
 * <li>{@code bench.event_kind("payment")} in {@code event()} names the kind of the event in progress, which then counts
 * in that kind's throughput and latency percentiles as well as in the totals.</li>
 * </ul>
 */
final class BenchLib {
    private final List<String> kinds = new ArrayList<>();
    private final LuaTable kindIndex = new LuaTable();
    /** The kind the event in progress named, -1 when none. */
    private int current = -1;

    LuaTable table() {
        LuaTable bench = new LuaTable();
        bench.set("event_kinds", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue list) {
                if (!list.istable()) {
                    throw new LuaError("bench.event_kinds expects a table of names, e.g. bench.event_kinds{\"a\", \"b\"}");
                }
                kinds.clear();
                for (int i = 1; i <= list.length(); i++) {
                    LuaValue name = list.get(i);
                    if (!name.isstring()) {
                        throw new LuaError("bench.event_kinds: entry " + i + " is a " + name.typename() + ", not a name");
                    }
                    kinds.add(name.tojstring());
                    kindIndex.set(name.tojstring(), i - 1);
                }
                return NONE;
            }
        });
        bench.set("event_kind", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                LuaValue index = kindIndex.get(name);
                if (index.isnil()) {
                    throw new LuaError("bench.event_kind: '" + name.tojstring() + "' is not among the names given to "
                            + "bench.event_kinds " + kinds);
                }
                current = index.toint();
                return NONE;
            }
        });
        return bench;
    }

    /** The kinds the script declared. */
    List<String> kinds() {
        return List.copyOf(kinds);
    }

    /** The kind the event that just ended named, -1 when none; the next event starts with none. */
    int takeKind() {
        int k = current;
        current = -1;
        return k;
    }
}
