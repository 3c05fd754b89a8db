package benchkit.collectors.process;

/**
 * What one look at a process saw.
 *
 * @param startTime     when the process started (ms since the epoch), to tell a reused pid apart
 * @param userMs        CPU time spent in user mode since the process started, in ms
 * @param systemMs      CPU time spent in the kernel since the process started, in ms
 * @param residentBytes resident memory (RSS)
 * @param virtualBytes  virtual memory size (VSZ)
 * @param wallNanos     {@link System#nanoTime()} when the look was taken
 */
public record ProcessSnapshot(long startTime, long userMs, long systemMs, long residentBytes, long virtualBytes,
                              long wallNanos) {
}
