package benchkit.core.run.servers;


import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;
import benchkit.testing.DefaultTestLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Server names as a user gives them: a registered launcher's, or the default launcher's distribution. */
class ServerChoiceTest {
    @TempDir
    Path dir;

    @Test
    void aLaunchersNameIsItsAndAnyOtherNameTheDefaultLaunchers() {
        PluginRegistry registry = PluginRegistry.load(getClass().getClassLoader());
        assertEquals(new ServerChoice(DefaultTestLauncher.NAME, "mariadb-11.4", "mariadb-11.4"),
                ServerChoice.parse("mariadb-11.4", registry));
        assertEquals(new ServerChoice(DefaultTestLauncher.NAME, DefaultTestLauncher.DEFAULT_DISTRIBUTION,
                DefaultTestLauncher.DEFAULT_DISTRIBUTION), ServerChoice.defaultServer(registry));
    }

    @Test
    void withoutADefaultLauncherANamedOneStillWorksAndAnyOtherNameIsOneLine() throws Exception {
        PluginRegistry registry = PluginRegistry.load(onlyLauncher(Named.class));
        assertEquals(new ServerChoice("named", "dist", "named:dist"), ServerChoice.parse("named:dist", registry));
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ServerChoice.parse("mariadb-11.4", registry));
        assertEquals("no server launcher takes --server mariadb-11.4: none of the registered ones (named) is a default "
                + "launcher; name one of them", e.getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> ServerChoice.defaultServer(registry)).getMessage()
                .startsWith("no server launcher takes --server (no --server)"));
    }

    /** This test's class path, except that the only server launcher it lists is {@code launcher}. */
    private ClassLoader onlyLauncher(Class<? extends ServerLauncher> launcher) throws IOException {
        Path services = Files.writeString(dir.resolve("launchers"), launcher.getName() + "\n");
        URL listed = services.toUri().toURL();
        return new ClassLoader(getClass().getClassLoader()) {
            @Override
            public Enumeration<URL> getResources(String name) throws IOException {
                return name.equals("META-INF/services/" + ServerLauncher.class.getName())
                        ? Collections.enumeration(List.of(listed)) : super.getResources(name);
            }
        };
    }

    /** A launcher that is not the default one. */
    public static final class Named implements ServerLauncher {
        @Override
        public String name() {
            return "named";
        }

        @Override
        public String description() {
            return "a launcher by name only";
        }

        @Override
        public List<Availability> distributions() {
            return List.of();
        }

        @Override
        public ServerHandle launch(ServerSpec spec) {
            throw new UnsupportedOperationException("starts nothing");
        }
    }
}
