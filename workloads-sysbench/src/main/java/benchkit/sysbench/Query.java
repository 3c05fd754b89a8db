package benchkit.sysbench;

/** The prepared statements of oltp_common.lua ({@code stmt_defs}), per table. */
enum Query {
    POINT_SELECT("SELECT c FROM sbtest%d WHERE id=?", true),
    SIMPLE_RANGE("SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?", true),
    SUM_RANGE("SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?", true),
    ORDER_RANGE("SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c", true),
    DISTINCT_RANGE("SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c", true),
    INDEX_UPDATE("UPDATE sbtest%d SET k=k+1 WHERE id=?", false),
    NON_INDEX_UPDATE("UPDATE sbtest%d SET c=? WHERE id=?", false),
    DELETE("DELETE FROM sbtest%d WHERE id=?", false),
    INSERT("INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)", false);

    private final String template;
    /** sysbench counts SELECTs as reads, the others as writes. */
    final boolean read;

    Query(String template, boolean read) {
        this.template = template;
        this.read = read;
    }

    String sql(int table) {
        return String.format(template, table);
    }
}
