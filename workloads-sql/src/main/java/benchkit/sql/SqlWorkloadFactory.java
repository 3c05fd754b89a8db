package benchkit.sql;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The {@code sql} workload: weighted statements with generated parameters, read from {@code --script}. */
public final class SqlWorkloadFactory implements WorkloadFactory {
    static final String NAME = "sql";

    private static final List<OptionSpec> OPTIONS = List.of(
            new OptionSpec("script", null, "the SQL template file (see docs/plugins.md); required"),
            new OptionSpec("ignore-errors", "1213,1205", "server error codes that count as ignored errors "
                    + "(the event is rolled back); 'all' for every code, 'none' for none"),
            new OptionSpec("driver", "mariadb", "client of the sessions: mariadb (MariaDB Connector/J), mysql (MySQL Connector/J), "
                    + "or wire (bench's own protocol client: many sessions per thread on event loops; no TLS); setup uses MariaDB Connector/J"),
            new OptionSpec("transport", "auto", "auto (the target's way in: the unix socket for --mysql-socket alone, else TCP), tcp, or socket (needs a target with a socket)"));

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
        String driver = values.choice("driver", List.of("mariadb", "mysql", "wire"));
        String transport = values.choice("transport", List.of("auto", "tcp", "socket"));
        return new SqlWorkload(ScriptParser.parse(script), IgnoredErrors.parse(NAME, "ignore-errors", values.string("ignore-errors")),
                driver, transport);
    }
}
