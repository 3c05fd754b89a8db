package benchkit.sysbench.lua;

import org.luaj.vm2.Lua;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.lib.DebugLib;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LuaJIT's words for a nil indexed or called, which name what was ({@code attempt to index local 't' (a nil value)},
 * {@code attempt to call global 'f' (a nil value)}), where LuaJ's name nothing ({@code attempt to index ? (a nil
 * value)}, {@code index expected, got nil}, {@code attempt to call nil}). LuaJ keeps no instruction with an error, only
 * its chunk and line: the instructions of that line that index or call are looked up in the chunk as compiled, and
 * LuaJ's own getobjname (Lua's symbolic execution) names their operand. One name for them all is the name; else the
 * message is LuaJIT's without one ({@code attempt to index a nil value}). Only done when an error is raised.
 */
final class ErrorNames {
    private static final Pattern GET = Pattern.compile("attempt to index \\? \\(a (\\w+) value\\)");
    private static final Pattern SET = Pattern.compile("index expected, got (\\w+)");
    private static final Pattern CALL = Pattern.compile("attempt to call (\\w+)");
    /** LuaJ's arithmetic errors: "on table", "__add on nil and number", "'sub' on string", in either operand order. */
    private static final Pattern ARITH = Pattern.compile("attempt to perform arithmetic (?:'\\w+' |__\\w+ )?on (\\w+)(?: and (\\w+))?");
    private static final Pattern CONCAT = Pattern.compile("attempt to concatenate (\\w+) and (\\w+)");
    private static final Pattern LEN = Pattern.compile("attempt to get length of (\\w+)");
    /** LuaJ's comparison errors: its metamethod's ("__lt on table and number"), or its operands reversed ("X with Y"). */
    private static final Pattern COMPARE_MT = Pattern.compile("attempt to compare __\\w+ on (\\w+) and (\\w+)");
    private static final Pattern COMPARE_WITH = Pattern.compile("attempt to compare (\\w+) with (\\w+)(?: expected, got \\w+)?");
    /** A string compared with another type, as LuaJ's string comparison words it ("attempt to compare table"). */
    private static final Pattern COMPARE_STRING = Pattern.compile("attempt to compare (\\w+)");
    private static final List<Integer> ARITH_OPS = List.of(Lua.OP_ADD, Lua.OP_SUB, Lua.OP_MUL, Lua.OP_DIV, Lua.OP_MOD,
            Lua.OP_POW, Lua.OP_UNM);
    /** LuaJIT's kinds of name; Lua 5.2's "constant" is none of them. */
    private static final Set<String> KINDS = Set.of("local", "global", "field", "upvalue", "method");
    private static final Field NAME;
    private static final Field NAMEWHAT;

    static {
        try {
            Class<?> nameWhat = Class.forName("org.luaj.vm2.lib.DebugLib$NameWhat");
            NAME = nameWhat.getDeclaredField("name");
            NAMEWHAT = nameWhat.getDeclaredField("namewhat");
            NAME.setAccessible(true);
            NAMEWHAT.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ErrorNames() {
    }

    /**
     * {@code raw}, an error's message without its position, in LuaJIT's words when it is one of LuaJ's above;
     * {@code chunks} are the compiled chunks named {@code source} ("@./x.lua"), the error's at {@code line};
     * {@code tailCall} when it was raised by a tail call (TailCall), whose instruction is then the only one looked at.
     */
    static String luajit(String raw, String source, int line, List<Prototype> chunks, boolean tailCall) {
        String verb;
        String type;
        Matcher m;
        List<Integer> ops;
        // a comparison names nothing in LuaJIT: its operands' types, left to right as compiled ("a > b" is "b < a")
        if ((m = COMPARE_MT.matcher(raw)).matches()) {
            return compare(m.group(1), m.group(2));
        } else if ((m = COMPARE_WITH.matcher(raw)).matches()) {
            return compare(m.group(2), m.group(1));
        } else if ((m = COMPARE_STRING.matcher(raw)).matches()) {
            return compare("string", m.group(1));
        }
        if ((m = GET.matcher(raw)).matches()) {
            verb = "index";
            ops = List.of(Lua.OP_GETTABLE, Lua.OP_SELF, Lua.OP_GETTABUP);
        } else if ((m = SET.matcher(raw)).matches()) {
            verb = "index";
            ops = List.of(Lua.OP_SETTABLE, Lua.OP_SETTABUP);
        } else if ((m = CALL.matcher(raw)).matches()) {
            verb = "call";
            ops = tailCall ? List.of(Lua.OP_TAILCALL) : List.of(Lua.OP_CALL, Lua.OP_TAILCALL);
        } else if ((m = ARITH.matcher(raw)).matches()) {
            verb = "perform arithmetic on";
            ops = ARITH_OPS;
        } else if ((m = CONCAT.matcher(raw)).matches()) {
            verb = "concatenate";
            ops = List.of(Lua.OP_CONCAT);
        } else if ((m = LEN.matcher(raw)).matches()) {
            verb = "get length of";
            ops = List.of(Lua.OP_LEN);
        } else {
            return raw;
        }
        // the operand LuaJIT names is the first that is not a number (nor a string, to '..')
        type = m.group(1);
        if (m.groupCount() > 1 && m.group(2) != null && (type.equals("number") || verb.equals("concatenate")
                && type.equals("string"))) {
            type = m.group(2);
        }
        Set<String> names = new LinkedHashSet<>();
        List<Prototype> all = new ArrayList<>();
        if (chunks.size() == 1) {       // a file compiled twice (it changed) may be either: no name
            collect(chunks.get(0), all);
        }
        for (Prototype p : all) {
            if (!source.equals(p.source == null ? null : p.source.tojstring()) || p.lineinfo == null) {
                continue;
            }
            for (int pc = 0; pc < p.code.length && pc < p.lineinfo.length; pc++) {
                int i = p.code[pc];
                int op = Lua.GET_OPCODE(i);
                if (p.lineinfo[pc] != line || !ops.contains(op)) {
                    continue;
                }
                if (op == Lua.OP_GETTABUP || op == Lua.OP_SETTABUP) {
                    // an upvalue indexed in place (Lua 5.2's instructions); _ENV's are globals, never a nil table
                    int u = op == Lua.OP_GETTABUP ? Lua.GETARG_B(i) : Lua.GETARG_A(i);
                    String up = u < p.upvalues.length && p.upvalues[u].name != null ? p.upvalues[u].name.tojstring() : "";
                    if (!up.equals("_ENV")) {
                        names.add(up.isEmpty() ? "" : "upvalue '" + up + "'");
                    }
                } else if (ARITH_OPS.contains(op)) {
                    operand(p, pc, Lua.GETARG_B(i), type, names);
                    if (op != Lua.OP_UNM) {
                        operand(p, pc, Lua.GETARG_C(i), type, names);
                    }
                } else if (op == Lua.OP_CONCAT) {
                    for (int r = Lua.GETARG_B(i); r <= Lua.GETARG_C(i); r++) {
                        operand(p, pc, r, type, names);
                    }
                } else if (op == Lua.OP_LEN) {
                    names.add(name(p, pc, Lua.GETARG_B(i)));
                } else {
                    names.add(name(p, pc, op == Lua.OP_GETTABLE || op == Lua.OP_SELF ? Lua.GETARG_B(i) : Lua.GETARG_A(i)));
                }
            }
        }
        String name = names.size() == 1 ? names.iterator().next() : "";
        return name.isEmpty() ? "attempt to " + verb + " a " + type + " value"
                : "attempt to " + verb + " " + name + " (a " + type + " value)";
    }

    /**
     * An operand that may be the one of {@code type}: a constant only when it is of that type (unnamed, as in
     * LuaJIT), a register loaded from a string constant never (LuaJ's "constant"), another register by its name.
     */
    private static void operand(Prototype p, int pc, int rk, String type, Set<String> names) {
        if (Lua.ISK(rk)) {
            if (p.k[Lua.INDEXK(rk)].typename().equals(type)) {
                names.add("");
            }
            return;
        }
        if (!isStringConstant(p, pc, rk)) {
            names.add(name(p, pc, rk));
        }
    }

    private static boolean isStringConstant(Prototype p, int pc, int reg) {
        try {
            Object nw = DebugLib.getobjname(p, pc, reg);
            return nw != null && "constant".equals(NAMEWHAT.get(nw));
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    private static String compare(String left, String right) {
        return left.equals(right) ? "attempt to compare two " + left + " values" : "attempt to compare " + left + " with " + right;
    }

    private static void collect(Prototype p, List<Prototype> into) {
        into.add(p);
        for (Prototype inner : p.p) {
            collect(inner, into);
        }
    }

    /** "local 't'", as LuaJIT names register {@code reg} at {@code pc}; empty when it has no name LuaJIT would give. */
    private static String name(Prototype p, int pc, int reg) {
        try {
            Object nw = DebugLib.getobjname(p, pc, reg);
            if (nw == null || !KINDS.contains((String) NAMEWHAT.get(nw))) {
                return "";
            }
            return NAMEWHAT.get(nw) + " '" + NAME.get(nw) + "'";
        } catch (IllegalAccessException | RuntimeException e) {
            return "";      // LuaJ's symbolic execution gave up: no name, as LuaJIT has none at times
        }
    }
}
