package benchkit.sysbench;

import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * Rows {@code first..last} of one table in LOAD DATA's default text format, generated as the
 * driver reads them (nothing is held in memory but one buffer). Reports the rows handed out so
 * far to {@code sent} every {@link #REPORT_ROWS} rows, and calls {@code allRead} once when the last has been read.
 */
final class RowStream extends InputStream {
    static final int BUFFER_BYTES = 64 * 1024;
    static final int REPORT_ROWS = 4096;

    private final RowWriter writer;
    private final long last;
    private final LongConsumer sent;
    private Runnable allRead;
    private final byte[] buf = new byte[BUFFER_BYTES];
    private long next;
    private long rows;
    private long reported;
    private int pos;
    private int limit;

    RowStream(RowWriter writer, long first, long last, LongConsumer sent) {
        this(writer, first, last, sent, () -> { });
    }

    RowStream(RowWriter writer, long first, long last, LongConsumer sent, Runnable allRead) {
        this.writer = writer;
        this.next = first;
        this.last = last;
        this.sent = sent;
        this.allRead = allRead;
    }

    private boolean fill() {
        pos = 0;
        limit = 0;
        while (next <= last && limit + RowWriter.MAX_ROW_BYTES <= buf.length) {
            limit = writer.tsv(next++, buf, limit);
            rows++;
        }
        if (rows - reported >= REPORT_ROWS) {
            reported = rows;
            sent.accept(rows);
        }
        if (limit == 0 && allRead != null) {
            allRead.run();
            allRead = null;
        }
        return limit > 0;
    }

    @Override
    public int read() {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (pos == limit && !fill()) {
            return -1;
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    /** Rows handed out so far. */
    long rows() {
        return rows;
    }
}
