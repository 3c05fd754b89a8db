package benchkit.core.run;

import benchkit.core.server.DatadirSnapshot;
import benchkit.core.server.MysqlLauncher;
import benchkit.core.server.MysqlServerHandle;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;

import java.nio.file.Path;
import java.util.Optional;

/** Launches of one {@link ServerSpec} by bench's {@link MysqlLauncher}, which can start from prepared data. */
record LaunchedMysql(MysqlLauncher launcher, ServerSpec spec) implements DataCopyingProvider {
    @Override
    public ServerHandle start() throws Exception {
        return launcher.start(spec);
    }

    @Override
    public Optional<String> dataKey() {
        return launcher.dataKey(spec);
    }

    @Override
    public DatadirSnapshot snapshot(ServerHandle server, Path into) throws Exception {
        if (!(server instanceof MysqlServerHandle mysql)) {
            throw new IllegalArgumentException("not a server of the mysql launcher: " + server);
        }
        return launcher.snapshot(mysql, into);
    }

    @Override
    public Copied startFrom(DatadirSnapshot snapshot) throws Exception {
        MysqlServerHandle server = launcher.startFrom(spec, snapshot);
        return new Copied(server, server.dataCopyTime().orElseThrow());
    }

    @Override
    public Path tempRoot() {
        return launcher.options().tempRoot();
    }
}
