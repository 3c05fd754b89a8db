package benchkit.mysql;

/** The JDBC drivers a workload can use. */
public enum JdbcDriver {
    /** MySQL Connector/J (mysql-connector-j). */
    MYSQL,
    /** MariaDB Connector/J (mariadb-java-client). */
    MARIADB
}
