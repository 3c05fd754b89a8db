package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

import java.lang.reflect.Field;

/** Lua errors as Lua 5.1 words them, for the scripts that catch them and for sysbench's lines that name them. */
final class LuaMessages {
    /** Where LuaJ keeps an error's position and level; it writes them as "@file:line message" where Lua writes "file:line: message". */
    private static final Field FILELINE = field("fileline");
    private static final Field LEVEL = field("level");

    private LuaMessages() {
    }

    private static Field field(String name) {
        try {
            Field f = LuaError.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The value a script's {@code pcall} gets for {@code e}: a table as raised; a message with its position as Lua
     * writes it ({@code ./x.lua:3: attempt to ...}), or without one when raised at level 0.
     */
    static LuaValue forScript(LuaError e) {
        LuaValue v = e.getMessageObject();
        if (v == null || !v.isstring() || v.isnumber()) {
            return v == null ? LuaValue.NIL : v;
        }
        try {
            String where = (String) FILELINE.get(e);
            if (where == null) {
                return v;
            }
            String message = v.tojstring();
            String raw = message.startsWith(where + " ") ? message.substring(where.length() + 1) : message;
            int colon = where.lastIndexOf(':');
            if (colon > 0 && where.substring(colon + 1).matches("\\d+")) {
                String source = where.substring(0, colon);
                raw = ErrorNames.luajit(raw, source, Integer.parseInt(where.substring(colon + 1)), ScriptState.chunks(source),
                        e instanceof TailCall.Refused);
            }
            if (LEVEL.getInt(e) == 0) {
                return LuaValue.valueOf(raw);
            }
            return LuaValue.valueOf((where.startsWith("@") || where.startsWith("=") ? where.substring(1) : where) + ": " + raw);
        } catch (IllegalAccessException impossible) {
            return v;
        }
    }

    /**
     * Gives {@code e}, raised by a Java function that pcall called directly, the position of pcall's call
     * ({@code site}, "@file:line", or nil when unknown) when it has no position yet and was raised at level 3 or more
     * (sysbench's check_error: the caller of the method that called it), as LuaJIT places it. Level 2 names pcall
     * itself, which has no line, as for sysbench's {@code pcall(sysbench.sql.driver, "x")}.
     */
    static void placeAtCaller(LuaError e, LuaValue site) {
        try {
            if (site.isstring() && FILELINE.get(e) == null && LEVEL.getInt(e) >= 3 && e.getMessageObject() != null
                    && e.getMessageObject().isstring()) {
                FILELINE.set(e, site.tojstring());
            }
        } catch (IllegalAccessException impossible) {
            // the field was made accessible at class initialisation
        }
    }

    /**
     * The error's message (a table's fields for an error table) without LuaJ's traceback, its lines as Lua gives them
     * (sysbench prints a missing module's message, or {@code error("a\nb")}, over several).
     */
    static String text(LuaError e) {
        LuaValue v = forScript(e);
        String text;
        if (v.istable() && !v.get("sql_errmsg").isnil()) {
            text = "SQL error, errno = " + v.get("sql_errno").tojstring() + ", state = '" + v.get("sql_state").tojstring()
                    + "': " + v.get("sql_errmsg").tojstring();
        } else if (!v.isstring()) {
            // sysbench's words for a value lua_tostring cannot give (a table, nil, a boolean); a number is a string
            text = "(not a string)";
        } else {
            text = v.tojstring();
        }
        int traceback = text.indexOf("\nstack traceback:");
        if (traceback >= 0) {
            text = text.substring(0, traceback);
        }
        // a compiler's or a module's message LuaJ worded itself: "@file:line message" where Lua writes "file:line: message"
        return text.replaceFirst("^@?([^\\s:]+:\\d+) ", "$1: ").strip();
    }
}
