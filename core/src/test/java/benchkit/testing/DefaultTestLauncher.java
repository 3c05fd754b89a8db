package benchkit.testing;

import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;

import java.util.List;
import java.util.Optional;

/**
 * Core's tests run without a real launcher (bench's default, the MySQL-family one, lives in launcher-mysql and is
 * tested there and in the ITs): this one stands in as the default launcher so that server names resolve as they
 * do in bench. It starts nothing.
 */
public final class DefaultTestLauncher implements ServerLauncher {
    public static final String NAME = "sql-test";
    public static final String DEFAULT_DISTRIBUTION = "embedded-test";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String settingsOwner() {
        return "mysqld";
    }

    @Override
    public String description() {
        return "core's stand-in for the default launcher; starts nothing";
    }

    @Override
    public List<Availability> distributions() {
        return List.of(new Availability(DEFAULT_DISTRIBUTION, false, "a test stand-in"));
    }

    @Override
    public Optional<DefaultServer> defaultServer() {
        return Optional.of(new DefaultServer(DEFAULT_DISTRIBUTION, "# Server: the test stand-in"));
    }

    @Override
    public ServerHandle launch(ServerSpec spec) {
        throw new UnsupportedOperationException("the test stand-in launcher starts no server: " + spec.distribution());
    }
}
