package benchkit.cli;

import benchkit.core.report.Compare;
import benchkit.core.report.Comparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench compare A B}: per shared (workload, threads) the change of every metric between two
 * result directories, or two variants of one, with a verdict when the 99.9% intervals do not overlap.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two result directories (A = baseline, B = candidate), or two variants of one:",
            "  bench compare runs/glibc runs/jemalloc",
            "  bench compare runs/matrix --variants allocator=glibc,allocator=jemalloc",
            "Verdicts: faster/slower (throughput), better/worse (latency, CPU, memory), ~ when the 99.9% "
                    + "confidence intervals overlap, ? when an interval is unknown (fewer than 3 iterations)."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..2", description = "Result directories: A and B, or one with --variants.")
    List<Path> dirs;

    @Option(names = "--variants", paramLabel = "KEY=A,KEY=B", split = ",",
            description = "Compare two variants of one directory, each chosen by one param, e.g. allocator=glibc,allocator=jemalloc.")
    List<String> variants;

    @Override
    public Integer call() throws Exception {
        Comparison comparison;
        if (variants != null) {
            if (dirs.size() != 1 || variants.size() != 2) {
                throw new UsageException("--variants takes one directory and two variants, e.g. DIR --variants allocator=glibc,allocator=jemalloc");
            }
            ReportCommand.requireResultDir(dirs.get(0));
            try {
                comparison = Compare.variants(dirs.get(0), variants.get(0), variants.get(1));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        } else {
            if (dirs.size() != 2) {
                throw new UsageException("compare takes two result directories, or one with --variants");
            }
            dirs.forEach(ReportCommand::requireResultDir);
            comparison = Compare.directories(dirs.get(0), dirs.get(1));
        }
        System.out.print(comparison.render());
        return comparison.isEmpty() ? Cli.EXIT_FAILURE : 0;
    }
}
