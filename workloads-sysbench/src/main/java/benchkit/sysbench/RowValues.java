package benchkit.sysbench;

import java.nio.charset.StandardCharsets;

/** The column values of oltp_common.lua: c and pad as 11-digit groups joined by '-'. */
public final class RowValues {
    /** 10 groups of 11 digits, 119 characters. */
    public static final byte[] C_TEMPLATE = template(10);
    /** 5 groups of 11 digits, 59 characters. */
    public static final byte[] PAD_TEMPLATE = template(5);

    private final SbRandom random;
    private final byte[] c = new byte[C_TEMPLATE.length];
    private final byte[] pad = new byte[PAD_TEMPLATE.length];

    public RowValues(SbRandom random) {
        this.random = random;
    }

    private static byte[] template(int groups) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < groups; i++) {
            if (i > 0) {
                sb.append('-');
            }
            sb.append("###########");
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** A fresh c value; the returned array is reused by the next call. */
    public byte[] nextC() {
        random.fillTemplate(C_TEMPLATE, c);
        return c;
    }

    /** A fresh pad value; the returned array is reused by the next call. */
    public byte[] nextPad() {
        random.fillTemplate(PAD_TEMPLATE, pad);
        return pad;
    }

    public String nextCString() {
        return new String(nextC(), StandardCharsets.US_ASCII);
    }

    public String nextPadString() {
        return new String(nextPad(), StandardCharsets.US_ASCII);
    }

    /** k as sysbench loads it: {@code sb_rand(1, table_size)}, i.e. the --rand-type distribution. */
    public int nextK(int tableSize) {
        return random.next(1, tableSize);
    }
}
