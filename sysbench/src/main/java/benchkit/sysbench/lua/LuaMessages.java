package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;

/** A Lua error in one line, as sysbench would name it. */
final class LuaMessages {
    private LuaMessages() {
    }

    /** The error's message (a table's fields for an error table), without LuaJ's traceback. */
    static String oneLine(LuaError e) {
        LuaValue v = e.getMessageObject();
        String text;
        if (v != null && v.istable()) {
            text = v.get("sql_errmsg").isnil() ? v.tojstring()
                    : "SQL error, errno = " + v.get("sql_errno").tojstring() + ", state = '" + v.get("sql_state").tojstring()
                    + "': " + v.get("sql_errmsg").tojstring();
        } else {
            text = e.getMessage();
        }
        text = text == null ? "error" : text;
        int traceback = text.indexOf("\nstack traceback:");
        if (traceback >= 0) {
            text = text.substring(0, traceback);
        }
        // LuaJ writes "file:line message" where Lua writes "file:line: message"
        // LuaJ writes "@file:line message" for a required module's code where Lua writes "file:line: message"
        return text.replaceFirst("^@?([^\\s:]+:\\d+) ", "$1: ").replace('\n', ' ').strip();
    }
}
