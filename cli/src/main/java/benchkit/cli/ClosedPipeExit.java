package benchkit.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BooleanSupplier;

/**
 * Standard output that ends a sysbench line once the reader of its pipe has gone ({@code sysbench ... | head}), exit
 * 141, as sysbench dies of SIGPIPE at that write: the JVM ignores SIGPIPE and PrintStream keeps the error to itself,
 * so the line ran to its end and exited 0. Armed only for sysbench lines; bench's own commands go on (their results
 * are files), and {@link Main#outputLost} ends them with the same 141, without a word. A run's shutdown hook still writes what
 * finished. The error's text is the locale's, so a failed write while fd 1 is a pipe is what says the reader left.
 */
final class ClosedPipeExit extends FilterOutputStream {
    /** 128 + SIGPIPE's 13: what a shell shows for a process SIGPIPE ended. */
    static final int EXIT = 128 + 13;
    private static volatile boolean armed;

    private final BooleanSupplier isPipe;
    private final Runnable exit;
    private volatile boolean gone;

    ClosedPipeExit(OutputStream out, BooleanSupplier isPipe, Runnable exit) {
        super(out);
        this.isPipe = isPipe;
        this.exit = exit;
    }

    /** Over file descriptor 1: exits the JVM from a thread of its own (the writer holds the stream's lock). */
    static ClosedPipeExit standardOutput() {
        return new ClosedPipeExit(new java.io.FileOutputStream(java.io.FileDescriptor.out),
                () -> Main.standardOutput().startsWith("pipe:"), () -> {
                    benchkit.core.run.SignalGuard.exitRequested("its standard output closing (SIGPIPE)");
                    new Thread(() -> System.exit(EXIT), "bench-sigpipe-exit").start();
                });
    }

    /** From now on a closed pipe ends the process: the line is sysbench's. */
    static void arm() {
        armed = true;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (gone) {
            return;     // the process is ending: nothing reads this
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            readerGone(e);
        }
    }

    @Override
    public void flush() throws IOException {
        if (gone) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            readerGone(e);
        }
    }

    private void readerGone(IOException e) throws IOException {
        if (!armed || !isPipe.getAsBoolean()) {
            throw e;
        }
        gone = true;
        exit.run();
    }
}
