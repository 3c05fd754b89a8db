package benchkit.sysbench.line;

import java.util.Optional;

/**
 * bench's own options, which a sysbench line may carry beside sysbench's (its {@code --server}, {@code --allocator},
 * {@code --out}, ...): the command line that runs the translated line defines them, and tells the translation which
 * names are bench's and which take a value.
 */
public interface BenchOptions {
    /** One of bench's run options: its longest name, and whether it takes a value (a word after it, if not joined). */
    record Option(String longestName, boolean takesValue) {
    }

    /** bench's run option named {@code name} (by any of its names), if run takes one. */
    Optional<Option> run(String name);

    /** Whether bench's prepare (and cleanup, which take the same) take the option named {@code name}. */
    boolean prepareTakes(String name);
}
