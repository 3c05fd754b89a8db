package benchkit.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where bench looks for plugin jars besides its own classpath. */
final class PluginOptions {
    @Option(names = "--plugin-dir", paramLabel = "DIR",
            description = "Load workload and collector plugins from the jars in DIR.")
    Path pluginDir;
}
