package benchkit.memcached.sql;

import benchkit.memcached.kv.KvOperation;
import benchkit.memcached.kv.KvWorkloadFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.Workload;

import java.util.List;
import java.util.Map;

/** The SQL key-value baseline workloads {@code sql-kv-set}, {@code sql-kv-get} and {@code sql-kv-mixed}. */
public abstract class SqlKvWorkloadFactory extends KvWorkloadFactory {
    SqlKvWorkloadFactory(String name, KvOperation operation, String description) {
        super(name, operation, description);
    }

    @Override
    public List<OptionSpec> options() {
        return SqlKvOptions.specs(operation());
    }

    @Override
    public Workload create(Map<String, String> options) {
        return new SqlKvWorkload(SqlKvOptions.from(name(), operation(), options));
    }

    public static final class Set extends SqlKvWorkloadFactory {
        public Set() {
            super("sql-kv-set", KvOperation.SET, "SQL baseline of memcached-set: INSERT ... ON DUPLICATE KEY UPDATE per event");
        }
    }

    public static final class Get extends SqlKvWorkloadFactory {
        public Get() {
            super("sql-kv-get", KvOperation.GET, "SQL baseline of memcached-get: SELECT v FROM kv WHERE k=? per event");
        }
    }

    public static final class Mixed extends SqlKvWorkloadFactory {
        public Mixed() {
            super("sql-kv-mixed", KvOperation.MIXED, "SQL baseline of memcached-mixed: point upserts and selects by --ratio set:get");
        }
    }
}
