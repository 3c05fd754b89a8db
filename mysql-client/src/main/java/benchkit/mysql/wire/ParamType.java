package benchkit.mysql.wire;

/** The types a statement's parameters are sent as. */
public enum ParamType {
    /** A 32-bit integer; the wire client sends it as MYSQL_TYPE_LONGLONG, 8 bytes, as sysbench 1.0.20 sends its ids. */
    INT,
    /** A 64-bit integer (MYSQL_TYPE_LONGLONG). */
    LONG,
    /** A double (MYSQL_TYPE_DOUBLE), as sysbench binds its FLOAT and DOUBLE parameters. */
    DOUBLE,
    /** Text, sent in UTF-8 (MYSQL_TYPE_STRING). */
    STRING,
    /** Bytes as they are (MYSQL_TYPE_BLOB), e.g. a key-value workload's values. */
    BYTES
}
