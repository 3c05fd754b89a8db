package benchkit.spi;

import java.nio.file.Path;

/**
 * Workloads written as script files in a language a plugin runs, e.g. sysbench's Lua scripts: {@code --workload} then
 * names the file ({@code --workload ./tpcc.lua}), and the plugin that {@linkplain #runs runs} it gives the script's
 * factory. Found by {@link java.util.ServiceLoader} ({@code META-INF/services/benchkit.spi.ScriptWorkloads}).
 *
 * @since SPI 1 (added later; a plugin that provides none is unaffected)
 */
public interface ScriptWorkloads {
    /** One line for {@code bench list}: which files, run how (e.g. {@code FILE.lua: sysbench Lua scripts, ...}). */
    String description();

    /** Whether {@code file} is a script of the kind this plugin runs (by its name: it need not exist). */
    boolean runs(Path file);

    /**
     * The workload of the script {@code file}, named after the file (e.g. {@code tpcc.lua}), with the options the script
     * declares.
     *
     * @throws InvalidOptionException when the file cannot be read or is no script this plugin can load, in one line
     */
    WorkloadFactory forScript(Path file);
}
