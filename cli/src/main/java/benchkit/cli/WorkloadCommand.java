package benchkit.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** What every command that acts through a workload takes first: the plugins, the workload, and the workload's options. */
abstract class WorkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    PluginOptions plugins = new PluginOptions();

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    /** Options bench does not know belong to the workload, which validates them. */
    @Unmatched
    List<String> workloadArgs = new ArrayList<>();
}
