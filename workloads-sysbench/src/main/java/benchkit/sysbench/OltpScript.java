package benchkit.sysbench;

import java.util.ArrayList;
import java.util.List;

/**
 * The sysbench 1.0.20 scripts benchkit reproduces: which blocks an event runs, in which order,
 * how many times, and inside BEGIN/COMMIT or not (see /usr/share/sysbench/*.lua).
 */
public enum OltpScript {
    POINT_SELECT("point-select", "sysbench oltp_point_select: one server-side prepared SELECT c FROM sbtestN WHERE id=? per event"),
    READ_ONLY("oltp-read-only", "sysbench oltp_read_only: point selects and range selects in a transaction"),
    READ_WRITE("oltp-read-write", "sysbench oltp_read_write: oltp_read_only plus index/non-index updates and delete/insert in a transaction"),
    WRITE_ONLY("oltp-write-only", "sysbench oltp_write_only: index/non-index updates and delete/insert in a transaction"),
    UPDATE_INDEX("oltp-update-index", "sysbench oltp_update_index: UPDATE sbtestN SET k=k+1 WHERE id=? in autocommit"),
    UPDATE_NON_INDEX("oltp-update-non-index", "sysbench oltp_update_non_index: UPDATE sbtestN SET c=? WHERE id=? in autocommit"),
    DELETE("oltp-delete", "sysbench oltp_delete: one DELETE FROM sbtestN WHERE id=? per event in autocommit"),
    INSERT("oltp-insert", "sysbench oltp_insert: one INSERT per event in autocommit"),
    SELECT_RANDOM_POINTS("select-random-points", "sysbench select_random_points: SELECT id, k, c, pad FROM sbtest1 WHERE k IN (...)"),
    SELECT_RANDOM_RANGES("select-random-ranges", "sysbench select_random_ranges: SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR ...");

    private final String workloadName;
    private final String description;

    OltpScript(String workloadName, String description) {
        this.workloadName = workloadName;
        this.description = description;
    }

    public String workloadName() {
        return workloadName;
    }

    public String description() {
        return description;
    }

    /** The blocks of one event for the prepared-statement scripts (empty for the others). */
    List<Step> steps(OltpOptions o) {
        List<Step> s = new ArrayList<>();
        boolean trx = !o.skipTrx();
        switch (this) {
            case POINT_SELECT:
                // oltp_point_select.lua forces point_selects=1.
                s.add(new Step(Block.POINT_SELECTS, 1));
                break;
            case READ_ONLY:
                addIf(s, trx, Block.BEGIN);
                s.add(new Step(Block.POINT_SELECTS, o.pointSelects()));
                addRanges(s, o);
                addIf(s, trx, Block.COMMIT);
                break;
            case READ_WRITE:
                addIf(s, trx, Block.BEGIN);
                s.add(new Step(Block.POINT_SELECTS, o.pointSelects()));
                addRanges(s, o);
                addWrites(s, o);
                addIf(s, trx, Block.COMMIT);
                break;
            case WRITE_ONLY:
                addIf(s, trx, Block.BEGIN);
                addWrites(s, o);
                addIf(s, trx, Block.COMMIT);
                break;
            case UPDATE_INDEX:
                s.add(new Step(Block.INDEX_UPDATES, o.indexUpdates()));
                break;
            case UPDATE_NON_INDEX:
                s.add(new Step(Block.NON_INDEX_UPDATES, o.nonIndexUpdates()));
                break;
            case DELETE:
                s.add(new Step(Block.DELETES, 1));
                break;
            default:
                break;
        }
        return s;
    }

    private static void addIf(List<Step> s, boolean cond, Block b) {
        if (cond) {
            s.add(new Step(b, 1));
        }
    }

    private static void addRanges(List<Step> s, OltpOptions o) {
        if (o.rangeSelects()) {
            s.add(new Step(Block.SIMPLE_RANGES, o.simpleRanges()));
            s.add(new Step(Block.SUM_RANGES, o.sumRanges()));
            s.add(new Step(Block.ORDER_RANGES, o.orderRanges()));
            s.add(new Step(Block.DISTINCT_RANGES, o.distinctRanges()));
        }
    }

    private static void addWrites(List<Step> s, OltpOptions o) {
        s.add(new Step(Block.INDEX_UPDATES, o.indexUpdates()));
        s.add(new Step(Block.NON_INDEX_UPDATES, o.nonIndexUpdates()));
        s.add(new Step(Block.DELETE_INSERTS, o.deleteInserts()));
    }
}
