package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;

import java.io.PrintWriter;

/** Loads the plugin registry and warns (without failing) about plugins that could not load. */
final class Plugins {
    private Plugins() {
    }

    static PluginRegistry load(PrintWriter err) {
        PluginRegistry registry = PluginRegistry.loadDefault();
        for (String problem : registry.problems()) {
            err.println("bench: warning: " + problem);
        }
        err.flush();
        return registry;
    }
}
