package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A sysbench line ends as sysbench does when the reader of its standard output goes away ({@code sysbench ... | head}:
 * SIGPIPE, 141), where it ran to its end and exited 0 (issue "Nothing lost", sweep 5 case 52).
 */
class ClosedPipeExitTest {
    /** A pipe whose reader has gone: every write fails, as EPIPE does. */
    private static final class ClosedPipe extends OutputStream {
        int writes;

        @Override
        public void write(int b) throws IOException {
            writes++;
            throw new IOException("Broken pipe");
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            write(0);
        }
    }

    @Test
    void aClosedPipeEndsASysbenchLineAtTheFirstFailedWriteAndNothingIsWrittenAfter() {
        ClosedPipe pipe = new ClosedPipe();
        AtomicInteger exits = new AtomicInteger();
        PrintStream out = new PrintStream(new ClosedPipeExit(pipe, () -> true, exits::incrementAndGet), true);
        ClosedPipeExit.arm();
        out.println("first line");
        out.println("second line");
        assertEquals(1, exits.get(), "one exit, at the first write that failed");
        assertEquals(1, pipe.writes, "nothing written once the process is ending");
        assertEquals(141, ClosedPipeExit.EXIT);
    }

    @Test
    void aFailedWriteThatIsNoClosedPipeStaysAnError() {
        AtomicInteger exits = new AtomicInteger();
        ClosedPipeExit.arm();
        // e.g. > /dev/full: Main.outputLost says so and exits 1
        ClosedPipeExit file = new ClosedPipeExit(new ClosedPipe(), () -> false, exits::incrementAndGet);
        assertThrows(IOException.class, () -> file.write('x'));
        assertEquals(0, exits.get());
    }
}
