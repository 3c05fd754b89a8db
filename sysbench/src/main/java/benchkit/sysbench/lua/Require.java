package benchkit.sysbench.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.OneArgFunction;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * LuaJIT's (Lua 5.1's) {@code require} and {@code package.loaders} in place of LuaJ's (Lua 5.2's, which also loads
 * Java classes): the same search, and its messages as sysbench prints them — a missing module's
 * {@code module 'x' not found:} then one {@code no field} / {@code no file} line per place looked at, a module that does
 * not compile {@code error loading module 'x' from file './x.lua':}. C modules are looked for on sysbench's
 * {@code package.cpath}, for those lines; one that is there cannot be loaded.
 */
final class Require {
    private Require() {
    }

    static void install(Globals g, Path scriptDirectory) {
        LuaTable pkg = g.get("package").checktable();
        pkg.set("path", SearchPath.of(scriptDirectory));
        pkg.set("cpath", SearchPath.cpath());
        LuaTable loaders = new LuaTable();
        loaders.set(1, new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                LuaValue preload = pkg.get("preload");
                if (!preload.istable()) {
                    throw new LuaError("'package.preload' must be a table");
                }
                LuaValue found = preload.get(name.checkstring());
                return found.isnil() ? valueOf("\n\tno field package.preload['" + name.tojstring() + "']") : found;
            }
        });
        loaders.set(2, new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                StringBuilder tried = new StringBuilder();
                Optional<String> file = SearchPath.find(name.checkjstring(), path(pkg, "path"), tried);
                return file.isPresent() ? compiled(g, name.tojstring(), file.get()) : valueOf(tried.toString());
            }
        });
        loaders.set(3, new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                return cModule(pkg, name.checkjstring(), name.tojstring());
            }
        });
        loaders.set(4, new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                // "a.b" may be in a's library; a name without a dot is its own root, looked for by the loader before
                String module = name.checkjstring();
                int dot = module.indexOf('.');
                return dot < 0 ? NIL : cModule(pkg, module.substring(0, dot), module);
            }
        });
        pkg.set("loaders", loaders);
        pkg.set("searchers", LuaValue.NIL);     // Lua 5.2's name, which LuaJIT has not
        LuaUserdata sentinel = new LuaUserdata(new Object());
        g.set("require", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue arg) {
                String name = arg.checkjstring();
                LuaValue loaded = pkg.get("loaded");
                LuaValue there = loaded.get(name);
                if (there.toboolean()) {
                    if (there == sentinel) {
                        throw new LuaError("loop or previous error loading module '" + name + "'");
                    }
                    return there;
                }
                LuaValue all = pkg.get("loaders");
                if (!all.istable()) {
                    throw new LuaError("'package.loaders' must be a table");
                }
                StringBuilder notFound = new StringBuilder();
                LuaValue loader;
                for (int i = 1; ; i++) {
                    LuaValue searcher = all.rawget(i);
                    if (searcher.isnil()) {
                        throw new LuaError("module '" + name + "' not found:" + notFound);
                    }
                    loader = searcher.call(arg);
                    if (loader.isfunction()) {
                        break;
                    }
                    if (loader.isstring()) {
                        notFound.append(loader.tojstring());
                    }
                }
                loaded.set(name, sentinel);
                LuaValue module = loader.call(arg);
                if (!module.isnil()) {
                    loaded.set(name, module);
                }
                if (loaded.get(name) == sentinel) {
                    loaded.set(name, TRUE);      // a module that returned nothing and set nothing is true
                }
                return loaded.get(name);
            }
        });
    }

    private static String path(LuaTable pkg, String which) {
        LuaValue p = pkg.get(which);
        if (!p.isstring()) {
            throw new LuaError("'package." + which + "' must be a string");
        }
        return p.tojstring();
    }

    /** The file's chunk; one that does not compile is Lua's "error loading module" (without a position, as LuaJIT's). */
    private static LuaValue compiled(Globals g, String name, String file) {
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            return g.load(in, "@" + file, "t", g);
        } catch (LuaError e) {
            throw new LuaError(loadError(name, file, LuaMessages.text(e)), 0);
        } catch (IOException e) {
            throw new LuaError(loadError(name, file, "cannot read " + file), 0);
        }
    }

    /** A C module: the files looked at, or the one found, which bench's Lua (Java) cannot load. */
    private static LuaValue cModule(LuaTable pkg, String root, String name) {
        StringBuilder tried = new StringBuilder();
        Optional<String> file = SearchPath.find(root, path(pkg, "cpath"), tried);
        if (file.isPresent()) {
            throw new LuaError(loadError(name, file.get(), "bench's Lua runtime (LuaJ) loads no C modules"), 0);
        }
        return LuaValue.valueOf(tried.toString());
    }

    private static String loadError(String name, String file, String why) {
        return "error loading module '" + name + "' from file '" + file + "':\n\t" + why;
    }
}
