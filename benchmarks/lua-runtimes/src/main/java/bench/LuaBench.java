package bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

/** ns per sysbench-style event; one Lua state per JMH thread (Scope.Thread). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class LuaBench {
    @Param({"luaj", "luajc", "luajit"}) public String runtime;
    /** java = Lua->Java callbacks (rand_uniform, db_query); pure = same work in Lua only (numbers from a Lua array); lualcg = numbers from a Lua LCG */
    @Param({"java", "pure", "lualcg"}) public String workload;

    Engine engine;

    @Setup(Level.Trial) public void setup() {
        engine = Engine.create(runtime, "event_" + workload);
        long r = engine.event();
        if (r < 18 * 30) throw new IllegalStateException("bad result " + r);
    }
    @TearDown(Level.Trial) public void tearDown() { engine.close(); }

    @Benchmark public long event() { return engine.event(); }
}
