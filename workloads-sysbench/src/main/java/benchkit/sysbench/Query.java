package benchkit.sysbench;

import benchkit.mysql.wire.ParamType;

import static benchkit.mysql.wire.ParamType.INT;
import static benchkit.mysql.wire.ParamType.STRING;

/** The prepared statements of oltp_common.lua ({@code stmt_defs}), per table. */
enum Query {
    POINT_SELECT("SELECT c FROM %s WHERE id=?", true, INT),
    SIMPLE_RANGE("SELECT c FROM %s WHERE id BETWEEN ? AND ?", true, INT, INT),
    SUM_RANGE("SELECT SUM(k) FROM %s WHERE id BETWEEN ? AND ?", true, INT, INT),
    ORDER_RANGE("SELECT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c", true, INT, INT),
    DISTINCT_RANGE("SELECT DISTINCT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c", true, INT, INT),
    INDEX_UPDATE("UPDATE %s SET k=k+1 WHERE id=?", false, INT),
    NON_INDEX_UPDATE("UPDATE %s SET c=? WHERE id=?", false, STRING, INT),
    DELETE("DELETE FROM %s WHERE id=?", false, INT),
    INSERT("INSERT INTO %s (id, k, c, pad) VALUES (?, ?, ?, ?)", false, INT, INT, STRING, STRING);

    private final String template;
    /** sysbench counts SELECTs as reads, the others as writes. */
    final boolean read;
    /** The parameters' types, as sysbench binds them (for --driver wire). */
    final ParamType[] params;

    Query(String template, boolean read, ParamType... params) {
        this.template = template;
        this.read = read;
        this.params = params;
    }

    String sql(String table) {
        return String.format(template, table);
    }
}
