package benchkit.sysbench.lua;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code require} looks for a script's modules: sysbench 1.0.20's {@code package.path} (the current directory,
 * LuaRocks' trees, the system's Lua 5.1 directories and sysbench's own scripts, {@code /usr/share/sysbench}), with
 * {@code LUA_PATH} honoured as sysbench does ({@code ;;} stands for that default), and then the script's own directory,
 * so that {@code sysbench /path/tpcc.lua} finds {@code tpcc_common.lua} beside it from any directory; and its
 * {@code package.cpath}, which bench only names (its Lua loads no C module).
 */
final class SearchPath {
    /** sysbench's LIBDIR, the last entry of its cpath, as Debian's and Ubuntu's x86-64 package has it. */
    private static final String LIBDIR = "/usr/lib/x86_64-linux-gnu/sysbench";

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
        String path = withEnvironment(def.toString(), "LUA_PATH");
        Path here = Path.of("").toAbsolutePath();
        if (scriptDirectory.toAbsolutePath().normalize().equals(here)) {
            return path;     // "./?.lua" is that directory already: a missing module's lines name it once, as sysbench's
        }
        String own = scriptDirectory.toString() + "/?.lua";
        return path.endsWith(";") ? path + own : path + ";" + own;
    }

    /** sysbench's package.cpath (its sb_lua_set_paths), with {@code LUA_CPATH} honoured as {@code LUA_PATH} is. */
    static String cpath() {
        StringBuilder def = new StringBuilder("./?.so;");
        String home = System.getenv("HOME");
        if (home != null) {
            def.append(home).append("/.luarocks/lib/lua/5.1/?.so;").append(home).append("/.luarocks/lib/lua/?.so;");
        }
        def.append("/usr/local/lib/lua/5.1/?.so;/usr/lib/lua/5.1/?.so;").append(LIBDIR).append(';');
        return withEnvironment(def.toString(), "LUA_CPATH");
    }

    private static String withEnvironment(String def, String variable) {
        String env = System.getenv(variable);
        return env == null ? def : env.replace(";;", ";" + def + ";");
    }

    /**
     * The first file of {@code path}'s templates for module {@code name} that can be read, as Lua 5.1's findfile: its
     * dots are directories; each file tried before is added to {@code tried} in Lua's words ("\n\tno file 'x'").
     */
    static Optional<String> find(String name, String path, StringBuilder tried) {
        String file = name.replace('.', '/');
        for (String template : path.split(";")) {
            if (template.isEmpty()) {
                continue;
            }
            String candidate = template.replace("?", file);
            try {
                Path p = Path.of(candidate);
                if (Files.isRegularFile(p) && Files.isReadable(p)) {
                    return Optional.of(candidate);
                }
            } catch (InvalidPathException e) {
                // a name no file can have (a NUL in it): not found there, as fopen finds none
            }
            tried.append("\n\tno file '").append(candidate).append('\'');
        }
        return Optional.empty();
    }
}
