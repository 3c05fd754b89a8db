package benchkit.sysbench.lua;

import benchkit.mysql.script.SqlClient;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import benchkit.sysbench.RandParams;
import org.luaj.vm2.LuaError;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The workload of one sysbench Lua script file: named after the file, with the options the script declares and those
 * of sysbench's own that reach a script ({@code --rand-*}, {@code --mysql-ignore-errors}, {@code --db-ps-mode},
 * {@code --mysql-dry-run}) and bench's {@code --driver}/{@code --transport}. The script is read once, when the factory is
 * made, and its options are learnt by running its main chunk in a state of its own with sysbench's {@code help}
 * command, output dropped.
 */
final class LuaWorkloadFactory implements WorkloadFactory {
    /** sysbench 1.0.20's default --mysql-ignore-errors. */
    static final String IGNORE_ERRORS = "1213,1020,1205";

    private final LuaScript script;
    private final List<ScriptOption> declared;
    private final List<OptionSpec> options;

    LuaWorkloadFactory(LuaScript script) {
        this.script = script;
        this.declared = discover(script);
        this.options = options(declared);
    }

    private static List<ScriptOption> discover(LuaScript script) {
        ScriptState.CapturedOutput printed = new ScriptState.CapturedOutput();
        try {
            ScriptState state = ScriptState.loadQuietly(script, ScriptStates.quiet("help", printed));
            return ScriptOption.read(script.name(), state.sysbench().get("cmdline").get("options"));
        } catch (LuaError e) {
            throw new LoadFailure(script, LuaMessages.text(e), printed.text());
        }
    }

    /** The script's options first; sysbench's and bench's where the script declares no option of the same name. */
    private static List<OptionSpec> options(List<ScriptOption> declared) {
        List<OptionSpec> specs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ScriptOption o : declared) {
            String name = OptionValues.canonical(o.name());
            names.add(name);
            specs.add(new OptionSpec(name, o.defaultValue(), o.description()));
        }
        List<OptionSpec> sysbench = new ArrayList<>(RandParams.options());
        sysbench.add(new OptionSpec("mysql-ignore-errors", IGNORE_ERRORS, "Comma-separated MySQL error codes that restart "
                + "the event (after a reconnect for a lost connection), or 'all'"));
        sysbench.add(new OptionSpec("db-ps-mode", "auto", "auto or disable, as sysbench's; the script's prepare() calls "
                + "decide what is prepared"));
        sysbench.add(new OptionSpec("mysql-dry-run", "off", "Send nothing to the server: connections, queries and "
                + "statements do nothing, as sysbench's --mysql-dry-run"));
        sysbench.addAll(SqlClient.options("auto"));
        sysbench.stream().filter(o -> !names.contains(o.name())).forEach(specs::add);
        return specs;
    }

    /** A script that does not load (a syntax error, an error in its main chunk): bad input, in Lua's words. */
    static final class LoadFailure extends InvalidOptionException {
        final String luaMessage;
        /** What the script printed before the error, as sysbench shows it ahead of its FATAL line. */
        final String printed;

        LoadFailure(LuaScript script, String luaMessage, String printed) {
            super(script.shownPath() + " cannot be loaded: " + luaMessage);
            this.luaMessage = luaMessage;
            this.printed = printed;
        }
    }

    @Override
    public String name() {
        return script.name();
    }

    @Override
    public String description() {
        return "sysbench Lua script " + script.shownPath() + ", run by bench's Lua runtime (sysbench 1.0.20's API)";
    }

    @Override
    public List<OptionSpec> options() {
        return options;
    }

    @Override
    public Workload create(Map<String, String> given) {
        return create(given, System.out);
    }

    /** The workload, the script's print() and sysbench's lines about it going to {@code out}. */
    LuaWorkload create(Map<String, String> given, java.io.PrintStream out) {
        Map<String, String> taken = given;
        Map<String, String> undeclared = new java.util.LinkedHashMap<>();
        if (declared.isEmpty()) {
            // a script that declares no options takes any, as sysbench does (bulk_insert.lua's lines rely on it), and
            // sees them as strings (sysbench 0.5's scripts as globals: --oltp-tables-count=8 is oltp_tables_count)
            Set<String> known = new HashSet<>();
            options.forEach(o -> known.add(o.name()));
            taken = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, String> e : given.entrySet()) {
                String name = OptionValues.canonical(e.getKey());
                (known.contains(name) ? taken : undeclared).put(known.contains(name) ? e.getKey() : name, e.getValue());
            }
        }
        return new LuaWorkload(script, declared, OptionValues.parse(name(), options, taken), undeclared, out);
    }

    /** What the script declares in sysbench.cmdline.options, by name. */
    List<ScriptOption> declared() {
        return declared;
    }
}
