package benchkit.memcached.kv;

import benchkit.spi.WorkloadFactory;

/** A key-value workload's name, operation and description; subclasses give its options and create it. */
public abstract class KvWorkloadFactory implements WorkloadFactory {
    private final String name;
    private final KvOperation operation;
    private final String description;

    protected KvWorkloadFactory(String name, KvOperation operation, String description) {
        this.name = name;
        this.operation = operation;
        this.description = description;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    protected KvOperation operation() {
        return operation;
    }
}
