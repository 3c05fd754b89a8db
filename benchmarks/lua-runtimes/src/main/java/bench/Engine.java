package bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.jse.JsePlatform;
import org.luaj.vm2.luajc.LuaJC;

import party.iroiro.luajava.Lua;
import party.iroiro.luajava.luajit.LuaJit;

/** One Lua state; not thread-safe: create one per thread. */
public interface Engine extends AutoCloseable {
    /** Runs one event (calls the global Lua function selected at creation) and returns its result. */
    long event();
    String describe();
    @Override void close();

    static String script() {
        try (InputStream in = Engine.class.getResourceAsStream("/bench.lua")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) { throw new RuntimeException(e); }
    }

    static Engine create(String runtime, String fn) {
        switch (runtime) {
            case "luaj": return new LuaJEngine(false, fn);
            case "luajc": return new LuaJEngine(true, fn);
            case "luajit": return new LuaJitEngine(fn);
            default: throw new IllegalArgumentException(runtime);
        }
    }

    /** LuaJ 3.0.1: interpreter (LuaClosure) or luajc (Lua -> JVM bytecode via BCEL). */
    final class LuaJEngine implements Engine {
        final Globals g;
        final LuaValue fn;
        final SplittableRandom rnd = new SplittableRandom(42);

        LuaJEngine(boolean luajc, String fnName) {
            g = JsePlatform.standardGlobals();
            if (luajc) LuaJC.install(g);
            // like sysbench.rand.uniform(a, b)
            g.set("rand_uniform", new TwoArgFunction() {
                @Override public LuaValue call(LuaValue a, LuaValue b) {
                    int lo = a.checkint(), hi = b.checkint();
                    return LuaValue.valueOf(lo + rnd.nextInt(hi - lo + 1));
                }
            });
            // stand-in for executing a query: needs the SQL as a java.lang.String
            g.set("db_query", new OneArgFunction() {
                @Override public LuaValue call(LuaValue sql) {
                    return LuaValue.valueOf(sql.checkjstring().length());
                }
            });
            g.load(script(), "bench.lua").call();
            fn = g.get(fnName);
            if (!fn.isfunction()) throw new IllegalStateException("no function " + fnName);
        }
        @Override public long event() { return fn.call().tolong(); }
        @Override public String describe() { return "luaj fn class=" + fn.getClass().getName(); }
        @Override public void close() { }
    }

    /** LuaJIT 2.1 via luajava JNI bindings. */
    final class LuaJitEngine implements Engine {
        final Lua L;
        final String fnName;
        final SplittableRandom rnd = new SplittableRandom(42);

        LuaJitEngine(String fnName) {
            this.fnName = fnName;
            L = new LuaJit();
            L.openLibraries();
            if (Boolean.getBoolean("luajit.off")) {   // -Dluajit.off=true: LuaJIT interpreter only
                try { L.run("jit.off()"); } catch (Exception e) { throw new RuntimeException(e); }
            }
            L.push(l -> {
                long lo = l.toInteger(1), hi = l.toInteger(2);
                l.push(lo + rnd.nextLong(hi - lo + 1));
                return 1;
            });
            L.setGlobal("rand_uniform");
            L.push(l -> {
                l.push((long) l.toString(1).length());
                return 1;
            });
            L.setGlobal("db_query");
            try {
                L.run(script());
            } catch (Exception e) { throw new RuntimeException(e); }
            L.getGlobal(fnName);
            if (L.type(-1) != Lua.LuaType.FUNCTION) throw new IllegalStateException("no function " + fnName);
            L.pop(1);
        }
        @Override public long event() {
            L.getGlobal(fnName);
            try {
                L.pCall(0, 1);
            } catch (Exception e) { throw new RuntimeException(e); }
            long r = L.toInteger(-1);
            L.pop(1);
            return r;
        }
        @Override public String describe() {
            try { L.run("return jit and jit.version .. ' jit.status=' .. tostring(jit.status())"); }
            catch (Exception e) { return "luajit ?" + e; }
            String s = L.toString(-1); L.pop(1); return s;
        }
        @Override public void close() { L.close(); }
    }
}
