package benchkit.mysql.wire;

/** The types a statement's parameters are sent as: 32-bit integers and (ASCII) strings, all sysbench uses. */
public enum ParamType {
    INT,
    STRING
}
