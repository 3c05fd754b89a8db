package benchkit.memcached.workload;

import benchkit.memcached.kv.KvOperation;
import benchkit.memcached.kv.KvWorkloadFactory;
import benchkit.spi.OptionSpec;
import benchkit.spi.Workload;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The memcached workloads {@code memcached-set}, {@code memcached-get} and {@code memcached-mixed}. */
public abstract class MemcachedWorkloadFactory extends KvWorkloadFactory {
    MemcachedWorkloadFactory(String name, KvOperation operation, String description) {
        super(name, operation, description);
    }

    @Override
    public String protocol() {
        return "memcached";
    }

    /** The SQL key-value workload of the same operation (sql-kv-get for memcached-get): study D's comparison. */
    @Override
    public Optional<String> baselineWorkload() {
        return Optional.of(name().replaceFirst("^memcached-", "sql-kv-"));
    }

    @Override
    public List<OptionSpec> options() {
        return MemcachedOptions.specs(operation());
    }

    @Override
    public Workload create(Map<String, String> options) {
        return new MemcachedWorkload(MemcachedOptions.from(name(), operation(), options));
    }

    public static final class Set extends MemcachedWorkloadFactory {
        public Set() {
            super("memcached-set", KvOperation.SET, "memcached: one set per event (memslap --test=set)");
        }
    }

    public static final class Get extends MemcachedWorkloadFactory {
        public Get() {
            super("memcached-get", KvOperation.GET, "memcached: one get per event (memslap --test=get); misses counted");
        }
    }

    public static final class Mixed extends MemcachedWorkloadFactory {
        public Mixed() {
            super("memcached-mixed", KvOperation.MIXED, "memcached: sets and gets mixed by --ratio set:get");
        }
    }
}
