package benchkit.launcher.mysql;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Child-JVM entry point for {@link NoOrphansTest}: launches the system server, reports it, and waits to be killed. */
public final class LaunchAndWait {
    public static void main(String[] args) throws Exception {
        MysqlLauncher launcher = new MysqlLauncher(MysqlLauncher.Options.defaults().withTempRoot(Path.of(args[0]))
                .withStartTimeout(Duration.ofSeconds(300)));
        MysqlServerHandle server = launcher.start(new ServerSpec("system", Map.of(), AllocatorSpec.GLIBC, ""));
        System.out.println("pid=" + server.pid() + " dir=" + server.directory());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
