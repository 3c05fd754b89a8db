package benchkit.sysbench;

/**
 * Writes generated sbtest rows as bytes, in oltp_common.lua's value format (k from the
 * --rand-type distribution over 1..table-size, c and pad as digit groups), either as LOAD DATA's
 * default text format ({@code [id\t]k\tc\tpad\n}) or as multi-row INSERT tuples
 * ({@code ([id, ]k, 'c', 'pad')}). The values need no escaping: digits and '-' only.
 */
record RowWriter(RowValues values, int tableSize, boolean withId) {
    /** Upper bound of one row's bytes in either format. */
    static final int MAX_ROW_BYTES = 2 * 11 + RowValues.C_TEMPLATE.length + RowValues.PAD_TEMPLATE.length + 16;

    /** Writes row {@code id} as a tab-separated line at {@code pos}; returns the new position. */
    int tsv(long id, byte[] buf, int pos) {
        if (withId) {
            pos = decimal(id, buf, pos);
            buf[pos++] = '\t';
        }
        pos = decimal(values.nextK(tableSize), buf, pos);
        buf[pos++] = '\t';
        pos = copy(values.nextC(), buf, pos);
        buf[pos++] = '\t';
        pos = copy(values.nextPad(), buf, pos);
        buf[pos++] = '\n';
        return pos;
    }

    /** Writes row {@code id} as an INSERT tuple at {@code pos}; returns the new position. */
    int tuple(long id, byte[] buf, int pos) {
        buf[pos++] = '(';
        if (withId) {
            pos = decimal(id, buf, pos);
            buf[pos++] = ',';
            buf[pos++] = ' ';
        }
        pos = decimal(values.nextK(tableSize), buf, pos);
        buf[pos++] = ',';
        buf[pos++] = ' ';
        buf[pos++] = '\'';
        pos = copy(values.nextC(), buf, pos);
        buf[pos++] = '\'';
        buf[pos++] = ',';
        buf[pos++] = ' ';
        buf[pos++] = '\'';
        pos = copy(values.nextPad(), buf, pos);
        buf[pos++] = '\'';
        buf[pos++] = ')';
        return pos;
    }

    private static int copy(byte[] src, byte[] buf, int pos) {
        System.arraycopy(src, 0, buf, pos, src.length);
        return pos + src.length;
    }

    /** Writes a non-negative number in decimal. */
    static int decimal(long v, byte[] buf, int pos) {
        if (v < 0) {
            throw new IllegalArgumentException("negative: " + v);
        }
        int digits = 1;
        for (long x = v; x >= 10; x /= 10) {
            digits++;
        }
        int end = pos + digits;
        for (int i = end - 1; i >= pos; i--) {
            buf[i] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
        return end;
    }
}
