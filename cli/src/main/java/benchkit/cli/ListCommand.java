package benchkit.cli;

import benchkit.launch.AllocatorCatalog;
import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.ServerLauncher;
import benchkit.spi.WorkloadFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code bench list}: every workload, collector, server and allocator, and what is unavailable and why. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List workloads (with their options), collectors, servers and allocators available here.")
final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    PluginOptions plugins = new PluginOptions();

    @Option(names = "--workload", paramLabel = "NAME", description = "List this workload's options only.")
    String workload;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "jmh",
            description = "With --workload: jmh (bench's lines) or sysbench (as 'sysbench TEST help' lists a test's options).")
    String format;

    @Option(names = "--test-name", paramLabel = "NAME", hidden = true,
            description = "The sysbench test the options are listed for (a pasted 'sysbench TEST help').")
    String testName;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PluginRegistry registry = Plugins.load(spec.commandLine().getErr(), plugins);
        if (workload != null) {
            WorkloadFactory f = registry.workload(workload.strip());
            if (format.equals("sysbench")) {
                SysbenchLine.banner(System.out);
                SysbenchLine.help(testName != null ? testName : f.name(), f.options(), System.out);
            } else if (format.equals("jmh")) {
                out.printf("  %-24s %s%n", f.name(), f.description());
                printOptions(out, f.options());
            } else {
                throw new UsageException("--format " + format + " is not valid for list; expected jmh or sysbench");
            }
            out.flush();
            return 0;
        }

        out.println("Workloads:");
        for (WorkloadFactory f : registry.workloads().values()) {
            out.printf("  %-24s %s%n", f.name(), f.description());
            printOptions(out, f.options());
        }
        registry.scriptWorkloads().forEach(k -> out.printf("  %s%n", k.description()));
        out.println();
        out.println("Collectors:");
        for (CollectorFactory f : registry.collectors().values()) {
            out.printf("  %-24s %s%s%n", f.name(), f.description(), f.enabledByDefault() ? " (on by default)" : "");
            printOptions(out, f.options());
        }
        out.println();
        out.println("Servers:");
        for (ServerLauncher l : registry.launchers().values()) {
            for (ServerLauncher.Availability a : l.distributions()) {
                out.printf("  %-24s %-13s %s%n", a.distribution(), a.available() ? "available" : "unavailable", a.reason());
            }
        }
        out.println();
        out.println("Allocators:");
        Map<String, Optional<Path>> allocators = new AllocatorCatalog().availability();
        for (Map.Entry<String, Optional<Path>> e : allocators.entrySet()) {
            String where = e.getKey().equals("glibc") ? "the system malloc (nothing preloaded)"
                    : e.getValue().map(Path::toString).orElse(missing(e.getKey()));
            out.printf("  %-24s %-13s %s%n", e.getKey(),
                    e.getKey().equals("glibc") || e.getValue().isPresent() ? "available" : "unavailable", where);
        }
        if (!registry.problems().isEmpty()) {
            out.println();
            out.println("Plugins that failed to load:");
            registry.problems().forEach(p -> out.println("  " + p));
        }
        out.flush();
        return 0;
    }

    private static String missing(String allocator) {
        return AllocatorCatalog.known().stream().filter(k -> k.name().equals(allocator)).findFirst()
                .map(k -> k.libraryNames().get(0) + " not found (apt-get install " + k.debianPackage() + ")")
                .orElse("not found");
    }

    private static void printOptions(PrintWriter out, List<OptionSpec> options) {
        for (OptionSpec o : options) {
            out.printf("      --%-22s %s%s%n", o.name(), o.description(),
                    o.defaultValue() == null ? "" : " [default: " + o.defaultValue() + "]");
        }
    }
}
