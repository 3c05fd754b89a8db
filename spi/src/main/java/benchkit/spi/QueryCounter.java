package benchkit.spi;

/**
 * Counts queries by kind (sysbench's read / write / other). Owned by one session thread;
 * calls are cheap (no allocation, no locking).
 */
public interface QueryCounter {
    void reads(int n);

    void writes(int n);

    /** BEGIN, COMMIT and other statements that neither read nor write rows. */
    void others(int n);
}
