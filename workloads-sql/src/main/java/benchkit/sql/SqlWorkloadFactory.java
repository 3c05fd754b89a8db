package benchkit.sql;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.script.SqlClient;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code sql} workload: weighted statements with generated parameters, read from {@code --script}. */
public final class SqlWorkloadFactory implements WorkloadFactory {
    static final String NAME = "sql";

    private static final List<OptionSpec> OPTIONS = optionSpecs();

    private static List<OptionSpec> optionSpecs() {
        List<OptionSpec> o = new ArrayList<>(List.of(
                new OptionSpec("script", null, "the SQL template file (see docs/plugins.md); required"),
                new OptionSpec("ignore-errors", "1213,1205", "server error codes that count as ignored errors "
                        + "(the event is rolled back); 'all' for every code, 'none' for none")));
        o.addAll(SqlClient.options("mariadb"));
        return List.copyOf(o);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "statements from a script file, chosen by weight, with generated parameters";
    }

    @Override
    public List<OptionSpec> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Map<String, String> options) {
        OptionValues values = OptionValues.parse(NAME, OPTIONS, options);
        Path script = Path.of(values.string("script"));
        if (!Files.isRegularFile(script)) {
            throw new InvalidOptionException(NAME + ": --script=" + script + " is not a readable file");
        }
        return new SqlWorkload(ScriptParser.parse(script), IgnoredErrors.parse(NAME, "ignore-errors", values.string("ignore-errors")),
                SqlClient.from(NAME, values));
    }
}
