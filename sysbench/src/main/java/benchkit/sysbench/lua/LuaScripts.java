package benchkit.sysbench.lua;

import benchkit.spi.ScriptWorkloads;
import benchkit.spi.WorkloadFactory;

import java.nio.file.Path;

/** sysbench's Lua scripts as bench workloads: {@code --workload ./tpcc.lua}. */
public final class LuaScripts implements ScriptWorkloads {
    @Override
    public String description() {
        return "FILE.lua: a sysbench Lua script of your own (tpcc.lua, ...), run as written with sysbench 1.0.20's Lua API; "
                + "bench list --workload FILE.lua lists its options";
    }

    @Override
    public boolean runs(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().endsWith(".lua");
    }

    @Override
    public WorkloadFactory forScript(Path file) {
        return new LuaWorkloadFactory(LuaScript.read(file));
    }
}
