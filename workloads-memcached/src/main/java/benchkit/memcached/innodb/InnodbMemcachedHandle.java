package benchkit.memcached.innodb;

import benchkit.launcher.mysql.MysqlServerHandle;
import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * A mysqld serving memcached through its InnoDB plugin: the target is the plugin's memcached port, the process
 * (CPU, RSS, VSZ, allocator proof) is mysqld's, and closing it stops mysqld as the MySQL launcher does.
 */
final class InnodbMemcachedHandle implements ServerHandle {
    private final MysqlServerHandle mysql;
    private final Target memcached;

    InnodbMemcachedHandle(MysqlServerHandle mysql, Target memcached) {
        this.mysql = mysql;
        this.memcached = memcached;
    }

    MysqlServerHandle mysql() {
        return mysql;
    }

    @Override
    public long pid() {
        return mysql.pid();
    }

    @Override
    public Target target() {
        return memcached;
    }

    @Override
    public boolean isAlive() {
        return mysql.isAlive();
    }

    @Override
    public String allocatorLoaded() {
        return mysql.allocatorLoaded();
    }

    @Override
    public String logTail(int lines) {
        return mysql.logTail(lines);
    }

    @Override
    public void close() {
        mysql.close();
    }

    @Override
    public String toString() {
        return "InnoDB memcached plugin of " + mysql;
    }
}
