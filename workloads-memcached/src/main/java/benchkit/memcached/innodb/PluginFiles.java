package benchkit.memcached.innodb;

import benchkit.launcher.mysql.Installation;
import benchkit.spi.InvalidOptionException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a MySQL installation keeps what the InnoDB memcached plugin needs: {@code libmemcached.so} and
 * {@code innodb_engine.so} in its plugin directory, and {@code innodb_memcached_config.sql}, which creates the
 * plugin's configuration schema.
 *
 * @param pluginDir    the directory holding both libraries
 * @param configScript the configuration script
 */
record PluginFiles(Path pluginDir, Path configScript) {
    static final String ENGINE = "innodb_engine.so";

    /**
     * Finds them in {@code installation}, or says in one line what is missing and which servers have it;
     * {@code server} is how the user named the server.
     */
    static PluginFiles of(Installation installation, String server) {
        InnodbMemcachedSetup.Support support = InnodbMemcachedSetup.support(installation.flavor().version(),
                installation.flavor().product());
        if (!support.supported()) {
            throw new InvalidOptionException("--server " + server + ": " + installation.flavor() + " has no InnoDB memcached "
                    + "plugin: " + support.reason() + "; --server " + InnodbMemcachedLauncher.NAME + " runs MySQL 8.0.33, which has it");
        }
        Path base = installation.basedir();
        Optional<Path> pluginDir = first(List.of(base.resolve("lib/plugin"), base.resolve("lib/mysql/plugin"),
                base.resolve("lib64/mysql/plugin")), dir -> Files.isRegularFile(dir.resolve(InnodbMemcachedSetup.LIBRARY))
                && Files.isRegularFile(dir.resolve(ENGINE)));
        if (pluginDir.isEmpty()) {
            throw new InvalidOptionException("--server " + server + ": " + installation.flavor() + " in " + base + " has no "
                    + "lib/plugin/" + InnodbMemcachedSetup.LIBRARY + " and " + ENGINE + " (the embedded MySQL tarballs carry only "
                    + "the server); --server " + InnodbMemcachedLauncher.NAME + " runs MySQL 8.0.33, which has them, or give a full "
                    + "MySQL 5.6-8.2 as " + InnodbMemcachedLauncher.NAME + ":basedir:DIR");
        }
        Optional<Path> script = first(List.of(base.resolve("share"), base.resolve("share/mysql")),
                dir -> Files.isRegularFile(dir.resolve(InnodbMemcachedSetup.CONFIG_SCRIPT)));
        if (script.isEmpty()) {
            throw new InvalidOptionException("--server " + server + ": " + base + " has no share/"
                    + InnodbMemcachedSetup.CONFIG_SCRIPT + ", which creates the plugin's configuration schema");
        }
        return new PluginFiles(pluginDir.get(), script.get().resolve(InnodbMemcachedSetup.CONFIG_SCRIPT));
    }

    private static Optional<Path> first(List<Path> candidates, java.util.function.Predicate<Path> has) {
        return candidates.stream().filter(has).findFirst();
    }
}
