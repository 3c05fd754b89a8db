package benchkit.sysbench.lua;

import benchkit.spi.InvalidOptionException;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One option a script declares in {@code sysbench.cmdline.options} ({@code name = {description, default[, type]}}),
 * and how sysbench types its value in {@code sysbench.opt}: the kind given, or the default's Lua type (boolean: on or
 * off, number, table: a comma-separated list), a string otherwise.
 *
 * @param name as declared (sysbench.opt's key); on the command line {@code _} and {@code -} are alike
 */
record ScriptOption(String name, String description, String defaultValue, Kind kind) {
    /** sysbench's sb_arg_type_t, in its order (sysbench.cmdline.ARG_*). */
    enum Kind { NULL, BOOL, INT, SIZE, DOUBLE, STRING, LIST, FILE }

    /** The options {@code declared} (the script's {@code sysbench.cmdline.options}, nil when it has none), by name. */
    static List<ScriptOption> read(String script, LuaValue declared) {
        List<ScriptOption> options = new ArrayList<>();
        if (declared.isnil()) {
            return options;
        }
        if (!declared.istable()) {
            throw readFailure("wrong type for sysbench.cmdline.options: " + declared.typename());
        }
        LuaTable table = declared.checktable();
        for (LuaValue key = table.next(LuaValue.NIL).arg1(); !key.isnil(); key = table.next(key).arg1()) {
            LuaValue def = table.get(key);
            if (key.type() != LuaValue.TSTRING || !def.istable()) {
                throw readFailure("wrong table structure in sysbench.cmdline.options");
            }
            String name = key.tojstring();
            if (def.get(1).isnil()) {
                throw readFailure("nil description for option " + name);
            }
            LuaValue d = def.get(2);
            Kind kind = kindOf(script, name, def.get(3), d);
            options.add(new ScriptOption(name, def.get(1).tojstring(), defaultText(d), kind));
        }
        options.sort(java.util.Comparator.comparing(ScriptOption::name));
        return options;
    }

    /** A declaration sysbench cannot read, in the words of its sysbench.cmdline.lua (the line is its own, not ours). */
    private static InvalidOptionException readFailure(String why) {
        return new InvalidOptionException("`sysbench.cmdline.read_cmdline_options' function failed: "
                + "[string \"sysbench.cmdline.lua\"]:1: " + why);
    }

    /** A value that is not one of the option's kind: sysbench's "invalid option: --name=value", a usage error. */
    static final class InvalidValue extends InvalidOptionException {
        final String option;

        InvalidValue(String script, String option, String value) {
            super(script + ": invalid value for --" + option + ": '" + value + "'");
            this.option = option;
        }
    }

    private static Kind kindOf(String script, String name, LuaValue type, LuaValue d) {
        if (!type.isnil()) {
            int k = type.checkint();
            if (k < 0 || k >= Kind.values().length) {
                throw readFailure("cannot determine type for option " + name);
            }
            return Kind.values()[k];
        }
        if (d.isnil()) {
            return Kind.STRING;
        }
        return switch (d.type()) {
            case LuaValue.TBOOLEAN -> Kind.BOOL;
            case LuaValue.TNUMBER -> Kind.DOUBLE;
            case LuaValue.TTABLE -> Kind.LIST;
            default -> Kind.STRING;
        };
    }

    private static String defaultText(LuaValue d) {
        if (d.isnil()) {
            return null;
        }
        if (d.istable()) {
            List<String> items = new ArrayList<>();
            for (int i = 1; i <= d.length(); i++) {
                items.add(d.get(i).tojstring());
            }
            return String.join(",", items);
        }
        if (d.isboolean()) {
            return d.toboolean() ? "on" : "off";
        }
        return d.tojstring();
    }

    /** The value {@code text} as sysbench puts it in sysbench.opt for this option (nil for no value). */
    LuaValue value(String script, String text) {
        if (text == null) {
            // an option declared without a default, as sysbench sets it: a flag with no value is on
            return switch (kind) {
                case BOOL -> LuaValue.TRUE;
                case INT, SIZE, DOUBLE -> LuaValue.valueOf(0);
                case LIST -> new LuaTable();
                default -> LuaValue.valueOf("");
            };
        }
        String t = text.strip();
        switch (kind) {
            case BOOL:
                String v = t.toLowerCase(Locale.ROOT);
                if (List.of("on", "true", "yes", "1", "").contains(v)) {
                    return LuaValue.TRUE;
                }
                if (List.of("off", "false", "no", "0").contains(v)) {
                    return LuaValue.FALSE;
                }
                throw invalid(script, text);
            case INT:
            case SIZE:
            case DOUBLE:
                try {
                    double n = kind == Kind.SIZE ? size(t) : Double.parseDouble(t);
                    if (kind == Kind.INT && n != Math.rint(n)) {
                        throw invalid(script, text);
                    }
                    return n == Math.rint(n) && Math.abs(n) < 1e15 ? LuaValue.valueOf((long) n) : LuaValue.valueOf(n);
                } catch (NumberFormatException e) {
                    throw invalid(script, text);
                }
            case LIST:
                LuaTable list = new LuaTable();
                if (!t.isEmpty()) {
                    String[] items = t.split(",", -1);
                    for (int i = 0; i < items.length; i++) {
                        list.set(i + 1, LuaValue.valueOf(items[i]));
                    }
                }
                return list;
            default:
                return LuaValue.valueOf(text);
        }
    }

    /** sysbench's size values: a number with an optional K, M, G or T (powers of 1024). */
    private static double size(String t) {
        if (t.isEmpty()) {
            throw new NumberFormatException(t);
        }
        char unit = Character.toUpperCase(t.charAt(t.length() - 1));
        int shift = "KMGT".indexOf(unit);
        if (shift < 0) {
            return Double.parseDouble(t);
        }
        return Double.parseDouble(t.substring(0, t.length() - 1)) * Math.pow(1024, shift + 1);
    }

    private InvalidOptionException invalid(String script, String text) {
        return new InvalidValue(script, name, text);
    }
}
