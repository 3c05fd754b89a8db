package benchkit.sysbench;

import benchkit.spi.OptionSpec;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The plugin entry of one sysbench script; one subclass per script is registered with ServiceLoader. */
public abstract class OltpWorkloadFactory implements WorkloadFactory {
    private final OltpScript script;

    protected OltpWorkloadFactory(OltpScript script) {
        this.script = script;
    }

    @Override
    public String name() {
        return script.workloadName();
    }

    @Override
    public String description() {
        return script.description();
    }

    @Override
    public List<OptionSpec> options() {
        List<OptionSpec> specs = new ArrayList<>(OltpOptions.commonSpecs());
        if (script == OltpScript.POINT_SELECT) {
            specs.replaceAll(s -> s.name().equals("point-selects")
                    ? new OptionSpec(s.name(), s.defaultValue(), s.description() + " (ignored: oltp_point_select runs 1 per event)")
                    : s);
        }
        if (script == OltpScript.SELECT_RANDOM_POINTS) {
            specs.add(new OptionSpec("random-points", "10", "Number of random points in the IN() clause in generated SELECTs"));
        }
        if (script == OltpScript.SELECT_RANDOM_RANGES) {
            specs.add(new OptionSpec("number-of-ranges", "10", "Number of random BETWEEN ranges per SELECT"));
            specs.add(new OptionSpec("delta", "5", "Size of BETWEEN ranges"));
        }
        return specs;
    }

    /** Every script but oltp-insert reads or changes rows 1 to --table-size: --table-size 0 leaves its events no row. */
    @Override
    public java.util.Optional<String> measuresNothing(Map<String, String> options) {
        if (script == OltpScript.INSERT || OltpOptions.parse(name(), options(), options).tableSize() > 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(name() + ": --table-size=0 leaves its events no row to read or change (they pick "
                + "rows 1 to --table-size); expected 1 to " + Integer.MAX_VALUE + ", or oltp-insert to fill empty tables");
    }

    @Override
    public Workload create(Map<String, String> options) {
        return new OltpWorkload(script, OltpOptions.parse(name(), options(), options));
    }

    /** point-select: sysbench oltp_point_select. */
    public static final class PointSelect extends OltpWorkloadFactory {
        public PointSelect() {
            super(OltpScript.POINT_SELECT);
        }
    }

    /** oltp-read-only: sysbench oltp_read_only. */
    public static final class ReadOnly extends OltpWorkloadFactory {
        public ReadOnly() {
            super(OltpScript.READ_ONLY);
        }
    }

    /** oltp-read-write: sysbench oltp_read_write. */
    public static final class ReadWrite extends OltpWorkloadFactory {
        public ReadWrite() {
            super(OltpScript.READ_WRITE);
        }
    }

    /** oltp-write-only: sysbench oltp_write_only. */
    public static final class WriteOnly extends OltpWorkloadFactory {
        public WriteOnly() {
            super(OltpScript.WRITE_ONLY);
        }
    }

    /** oltp-update-index: sysbench oltp_update_index. */
    public static final class UpdateIndex extends OltpWorkloadFactory {
        public UpdateIndex() {
            super(OltpScript.UPDATE_INDEX);
        }
    }

    /** oltp-update-non-index: sysbench oltp_update_non_index. */
    public static final class UpdateNonIndex extends OltpWorkloadFactory {
        public UpdateNonIndex() {
            super(OltpScript.UPDATE_NON_INDEX);
        }
    }

    /** oltp-delete: sysbench oltp_delete. */
    public static final class Delete extends OltpWorkloadFactory {
        public Delete() {
            super(OltpScript.DELETE);
        }
    }

    /** oltp-insert: sysbench oltp_insert. */
    public static final class Insert extends OltpWorkloadFactory {
        public Insert() {
            super(OltpScript.INSERT);
        }
    }

    /** select-random-points: sysbench select_random_points. */
    public static final class SelectRandomPoints extends OltpWorkloadFactory {
        public SelectRandomPoints() {
            super(OltpScript.SELECT_RANDOM_POINTS);
        }
    }

    /** select-random-ranges: sysbench select_random_ranges. */
    public static final class SelectRandomRanges extends OltpWorkloadFactory {
        public SelectRandomRanges() {
            super(OltpScript.SELECT_RANDOM_RANGES);
        }
    }
}
