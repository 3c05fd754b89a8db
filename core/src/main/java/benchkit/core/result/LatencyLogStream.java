package benchkit.core.result;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A latency log's bytes up to its first NUL byte, which bench's text logs never hold: a log padded with zeros (a write cut
 * short by a crash, a preallocated file) would else be read whole as one endless line, 2 GB of it for minutes, in silence.
 */
public final class LatencyLogStream extends FilterInputStream {
    private boolean zeros;

    public LatencyLogStream(InputStream in) {
        super(in);
    }

    /** Whether the log went on in zero bytes where it was cut off. */
    public boolean endsInZeros() {
        return zeros;
    }

    @Override
    public int read() throws IOException {
        if (zeros) {
            return -1;
        }
        int b = super.read();
        if (b == 0) {
            zeros = true;
            return -1;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (zeros) {
            return -1;
        }
        int n = super.read(b, off, len);
        for (int i = 0; i < n; i++) {
            if (b[off + i] == 0) {
                zeros = true;
                return i == 0 ? -1 : i;
            }
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // skipped bytes would go unseen: read them instead
        byte[] buffer = new byte[(int) Math.min(n, 8192)];
        int read = read(buffer, 0, buffer.length);
        return Math.max(read, 0);
    }
}
