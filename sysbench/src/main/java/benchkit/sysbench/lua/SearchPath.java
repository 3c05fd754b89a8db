package benchkit.sysbench.lua;

import java.nio.file.Path;

/**
 * Where {@code require} looks for a script's modules: sysbench 1.0.20's {@code package.path} (the current directory,
 * LuaRocks' trees, the system's Lua 5.1 directories and sysbench's own scripts, {@code /usr/share/sysbench}), with
 * {@code LUA_PATH} honoured as sysbench does ({@code ;;} stands for that default), and then the script's own directory,
 * so that {@code sysbench /path/tpcc.lua} finds {@code tpcc_common.lua} beside it from any directory.
 */
final class SearchPath {
    private SearchPath() {
    }

    static String of(Path scriptDirectory) {
        StringBuilder def = new StringBuilder("./?.lua;./?/init.lua;./src/lua/?.lua;");
        String home = System.getenv("HOME");
        if (home != null) {
            for (String tree : new String[] {"/.luarocks/share/lua/5.1/", "/.luarocks/share/lua/"}) {
                def.append(home).append(tree).append("?.lua;").append(home).append(tree).append("?/init.lua;");
            }
        }
        def.append("/usr/local/share/lua/5.1/?.lua;/usr/share/lua/5.1/?.lua;/usr/share/sysbench/?.lua;");
        String path = def.toString();
        String env = System.getenv("LUA_PATH");
        if (env != null) {
            path = env.replace(";;", ";" + path + ";");
        }
        String own = scriptDirectory.toString() + "/?.lua";
        return path.endsWith(";") ? path + own : path + ";" + own;
    }
}
