package benchkit.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * benchmarks/raw-client/RawClient.java, the bare JDK client docs/vs-sysbench.md measures against sysbench,
 * is not part of the Maven build (its script compiles it with javac): this keeps it compiling, and checks
 * that it answers a wrong call with its usage line and exit code 2.
 */
class RawClientIT {
    @Test
    void theRawClientCompilesAndExplainsItsUsage(@TempDir Path out) throws Exception {
        Path source = Path.of("..", "benchmarks", "raw-client", "RawClient.java").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(source), source.toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int compiled = javac.run(null, null, errors, "-d", out.toString(), source.toString());
        assertEquals(0, compiled, errors.toString(StandardCharsets.UTF_8));

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", out.toString(), "RawClient").redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), printed);
        assertTrue(printed.startsWith("usage: RawClient "), printed);
    }
}
