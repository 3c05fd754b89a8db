package benchkit.sysbench;

/** The distributions of sysbench's {@code --rand-type}. */
public enum RandType {
    UNIFORM, GAUSSIAN, SPECIAL, PARETO, ZIPFIAN
}
