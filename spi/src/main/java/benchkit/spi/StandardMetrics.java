package benchkit.spi;

/**
 * The metric names bench's results and report know, the result contract's {@code secondaryMetrics}: a collector that
 * reports a value under one of them has it charted, compared against the baseline and, for the CPU ones, turned into
 * CPU per query. bench's own collectors report them; a plugin's collector may too, for a server bench does not launch.
 */
public final class StandardMetrics {
    /** The server process's user CPU, in % of one CPU, averaged over the iteration. */
    public static final String SERVER_CPU_USER = "server.cpu.user";
    /** The server process's system CPU, in % of one CPU. */
    public static final String SERVER_CPU_SYSTEM = "server.cpu.system";
    /** The server process's resident memory, in MB. */
    public static final String SERVER_RSS = "server.rss";
    /** The server process's virtual memory, in MB. */
    public static final String SERVER_VSZ = "server.vsz";
    /** bench's own CPU (user and system), in % of one CPU. */
    public static final String CLIENT_CPU = "client.cpu";
    /** How many CPU samples of the server a profile took over the iteration (the shares below are of these). */
    public static final String SERVER_PROFILE_SAMPLES = "server.profile.samples";
    /** The share of the server's CPU samples in the memory allocator, in %, from a CPU profile. */
    public static final String SERVER_CPU_ALLOCATOR = "server.cpu.allocator";
    /** The share of the server's CPU samples in locks and spin waits, in %. */
    public static final String SERVER_CPU_LOCKS = "server.cpu.locks";
    /** The share of the server's CPU samples in the kernel (locks aside), in %. */
    public static final String SERVER_CPU_KERNEL = "server.cpu.kernel";

    private StandardMetrics() {
    }
}
