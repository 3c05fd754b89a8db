package benchkit.sysbench;

import benchkit.mysql.script.OneRequestScript;
import benchkit.mysql.script.Request;
import benchkit.mysql.wire.ParamType;

import java.util.Arrays;
import java.util.List;

/**
 * select_random_points.lua and select_random_ranges.lua: one prepared SELECT on sbtest1 per event
 * whose values fall in this thread's own slice of [0, table-size], so threads do not overlap.
 */
final class RandomPoints extends OneRequestScript {
    private final boolean ranges;
    private final int count;
    private final int delta;
    private final SbRandom random;
    private final int lo;
    private final int hi;
    /** The event's parameters: the points, or each range's low and high end. */
    final int[] values;
    private final List<Prepared> statement;

    RandomPoints(boolean ranges, OltpOptions options, int thread, int threads) {
        this.ranges = ranges;
        this.count = ranges ? options.numberOfRanges() : options.randomPoints();
        this.delta = options.delta();
        this.random = new SbRandom(options.rand(), thread);
        double rlen = (double) options.tableSize() / threads;
        double rmin = rlen * (thread % threads);
        // sysbench passes the Lua numbers to sb_rand(uint32, uint32), which truncates them.
        this.lo = (int) (long) rmin;
        this.hi = (int) (long) (rmin + rlen);
        this.values = new int[ranges ? 2 * count : count];
        ParamType[] ints = new ParamType[values.length];
        Arrays.fill(ints, ParamType.INT);
        this.statement = List.of(new Prepared(sql(options.tableName(1), ranges, count), ints));
    }

    @Override
    public List<Prepared> statements() {
        return statement;
    }

    @Override
    protected void fill(Request r) {
        draw();
        for (int i = 0; i < values.length; i++) {
            r.setInt(i, values[i]);
        }
        r.prepared(0, Request.Kind.READ);
    }

    static String sql(String table, boolean ranges, int n) {
        StringBuilder sb = new StringBuilder(ranges ? "SELECT count(k) FROM " + table + " WHERE "
                : "SELECT id, k, c, pad FROM " + table + " WHERE k IN (");
        for (int i = 0; i < n; i++) {
            if (ranges) {
                sb.append(i > 0 ? " OR " : "").append("k BETWEEN ? AND ?");
            } else {
                sb.append(i > 0 ? ", " : "").append('?');
            }
        }
        return ranges ? sb.toString() : sb.append(')').toString();
    }

    /** Draws the next event's {@link #values}. */
    void draw() {
        for (int i = 0; i < count; i++) {
            int v = random.next(lo, hi);
            if (ranges) {
                values[2 * i] = v;
                values[2 * i + 1] = v + delta;
            } else {
                values[i] = v;
            }
        }
    }
}
