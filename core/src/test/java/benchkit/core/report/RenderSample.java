package benchkit.core.report;

import benchkit.core.result.RunInfo;
import java.nio.file.Path;

/** Writes a sample report (for looking at it by hand): {@code RenderSample <dir>}. */
final class RenderSample {
    public static void main(String[] args) throws Exception {
        Path dir = JmhFixture.allocatorStudy("glibc").writeTo(Path.of(args[0]));
        RunInfo.write(dir, java.time.Instant.now().minusSeconds(600),
                java.util.Map.of("workload", "oltp-read-only", "threads", "1,4,16"));
        System.out.println(HtmlReport.write(dir));
    }
}
