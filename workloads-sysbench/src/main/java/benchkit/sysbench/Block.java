package benchkit.sysbench;

/** One {@code execute_*} function of oltp_common.lua (or BEGIN / COMMIT): a step of an event. */
enum Block {
    BEGIN,
    POINT_SELECTS(Query.POINT_SELECT),
    SIMPLE_RANGES(Query.SIMPLE_RANGE),
    SUM_RANGES(Query.SUM_RANGE),
    ORDER_RANGES(Query.ORDER_RANGE),
    DISTINCT_RANGES(Query.DISTINCT_RANGE),
    INDEX_UPDATES(Query.INDEX_UPDATE),
    NON_INDEX_UPDATES(Query.NON_INDEX_UPDATE),
    DELETE_INSERTS(Query.DELETE, Query.INSERT),
    /** oltp_delete.lua's single DELETE per event. */
    DELETES(Query.DELETE),
    COMMIT;

    final Query[] queries;

    Block(Query... queries) {
        this.queries = queries;
    }
}
