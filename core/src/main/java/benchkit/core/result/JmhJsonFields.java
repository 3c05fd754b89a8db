package benchkit.core.result;

/**
 * What benchkit adds to each entry of JMH's JSON format, under one field of its own that JMH's
 * consumers ignore: {@code "benchkit": {"variant": "jemalloc", "forks": [1, 2, 3]}}, the variant's
 * label and the run's number of each fork in {@code rawData}, so that compare can pair the forks two
 * variants ran side by side even when one of them lost a fork; and, for a workload that fixes how many events each
 * client thread runs (memslap's shape), {@code "eventsPerThread": 5000}, also among {@link VariantResult#settings()}.
 */
public final class JmhJsonFields {
    public static final String BENCHKIT = "benchkit";
    public static final String VARIANT = "variant";
    public static final String FORKS = "forks";
    public static final String EVENTS_PER_THREAD = "eventsPerThread";

    private JmhJsonFields() {
    }
}
