package benchkit.cli;

import benchkit.sysbench.line.BenchOptions;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Optional;

/**
 * bench's run and prepare options as picocli models them, for the sysbench translation. Each model is made when first
 * asked (a script's own sysbench line asks for none; a run line for run's alone), as building one costs a short line
 * 0.15 s of its start (docs/sysbench-scripts.md, "Speed").
 */
final class BenchOptionModels implements BenchOptions {
    private static final class Run {
        static final CommandSpec SPEC = Cli.subcommandSpec("run");
    }

    private static final class Prepare {
        static final CommandSpec SPEC = Cli.subcommandSpec("prepare");
    }

    @Override
    public Optional<Option> run(String name) {
        OptionSpec o = Run.SPEC.findOption(name);
        return o == null ? Optional.empty() : Optional.of(new Option(o.longestName(), o.arity().min() > 0));
    }

    @Override
    public boolean prepareTakes(String name) {
        return Prepare.SPEC.findOption(name) != null;
    }
}
