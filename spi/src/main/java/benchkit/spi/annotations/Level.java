package benchkit.spi.annotations;

/** When a {@link Setup} or {@link TearDown} method runs. */
public enum Level {
    /**
     * On the {@link BenchWorkload} class: once before the sessions of a trial open (one thread
     * count in one fork) and once after the last of them closed. On a {@link State} class: when
     * its session opens and closes, on the thread that opens or closes it.
     */
    TRIAL,
    /**
     * Around every iteration. Not supported yet: the SPI has no iteration hook, so a class that
     * uses it is rejected with a message saying so. Use a {@code Collector} for per-iteration work.
     */
    ITERATION
}
