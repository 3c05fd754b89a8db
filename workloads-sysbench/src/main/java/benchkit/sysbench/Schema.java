package benchkit.sysbench;

/** The DDL of oltp_common.lua's {@code create_table}, for the MySQL driver. */
final class Schema {
    private Schema() {
    }

    static String createTable(String table, OltpOptions o) {
        String idDef = o.autoInc() ? "INTEGER NOT NULL AUTO_INCREMENT" : "INTEGER NOT NULL";
        String idIndex = o.secondary() ? "KEY xid" : "PRIMARY KEY";
        return "CREATE TABLE " + table + "(\n"
                + "  id " + idDef + ",\n"
                + "  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n"
                + "  pad CHAR(60) DEFAULT '' NOT NULL,\n"
                + "  " + idIndex + " (id)\n"
                + ") /*! ENGINE = " + o.storageEngine() + " */ ";
    }

    static String secondaryIndexName(int table) {
        return "k_" + table;
    }

    static String createSecondaryIndex(int table, String name) {
        return "CREATE INDEX " + secondaryIndexName(table) + " ON " + name + "(k)";
    }

    static String insertPrefix(String table, boolean autoInc) {
        return autoInc ? "INSERT INTO " + table + "(k, c, pad) VALUES" : "INSERT INTO " + table + "(id, k, c, pad) VALUES";
    }

    static String dropTable(String table) {
        return "DROP TABLE IF EXISTS " + table;
    }
}
