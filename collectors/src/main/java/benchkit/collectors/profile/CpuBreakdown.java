package benchkit.collectors.profile;

import benchkit.collectors.profile.FoldedStacks.Frame;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a server's CPU went, from its on-CPU stacks: each sample counts in one category, the first that
 * matches: <b>allocator</b> (a frame of malloc, free and kin in glibc, or of a preloaded jemalloc, tcmalloc or
 * mimalloc, with what they called: page faults, madvise, their locks), <b>locks</b> (mutexes, rw-locks, spin
 * waits and futex calls, in the server, libc or the kernel), <b>kernel</b> (any other sample whose leaf is in
 * the kernel: send, recv, scheduling) and the rest, the server's own work.
 */
public record CpuBreakdown(long samples, long allocator, long locks, long kernel,
                           Map<String, Long> allocatorFunctions, Map<String, Long> syscalls, Map<String, Long> topFunctions) {
    /** Libraries that are an allocator as a whole, as LD_PRELOAD puts them in front of glibc's. */
    private static final Pattern ALLOCATOR_LIBRARY = Pattern.compile("^lib(jemalloc|tcmalloc\\w*|mimalloc)[.-]");
    /** glibc's malloc API and its internals (libc.so.6). */
    private static final Pattern GLIBC_MALLOC = Pattern.compile(
            "^(__libc_|__GI___libc_|__posix_)?(malloc|free|cfree|calloc|realloc|reallocarray|memalign|valloc|pvalloc"
                    + "|posix_memalign|aligned_alloc|malloc_usable_size)$"
                    + "|^(_int_\\w+|malloc_consolidate|sysmalloc|tcache_\\w+|arena_\\w+|_mid_memalign|unlink_chunk\\w*"
                    + "|__malloc_\\w+|alloc_perturb|free_perturb|systrim|heap_trim|new_heap|grow_heap|shrink_heap)(\\.\\w+)?$");
    /** C++'s global operator new and delete: an allocator's entry wherever they are defined. */
    private static final Pattern OPERATOR_NEW = Pattern.compile("^operator (new|delete)(\\[\\])?\\b");
    private static final Pattern LOCK = Pattern.compile(
            "pthread_(mutex|rwlock|spin)_|lll_lock|lll_unlock|futex|ut_delay|srw_pause|srw_mutex|srw_lock|ssux_lock|sux_lock"
                    + "|rw_lock|mutex_enter|TTASEventMutex|PolicyMutex|spin_lock|spin_wait|_raw_spin_lock");
    /**
     * A system call's entry frame: {@code __x64_sys_read}; on kernels that dispatch through {@code x64_sys_call} and
     * inline the wrapper (6.18 here), the first frame below it: {@code ksys_read}, {@code __do_sys_...}.
     */
    private static final Pattern SYSCALL = Pattern.compile("^(?:__(?:x64|ia32)_sys|__do_sys|__se_sys|ksys)_(\\w+)");
    private static final int TOP = 15;

    public static CpuBreakdown of(FoldedStacks profile) {
        long samples = 0, allocator = 0, locks = 0, kernel = 0;
        Map<String, Long> allocatorFunctions = new TreeMap<>();
        Map<String, Long> syscalls = new TreeMap<>();
        Map<String, Long> self = new TreeMap<>();
        for (Map.Entry<List<Frame>, Long> e : profile.stacks().entrySet()) {
            List<Frame> stack = e.getKey();
            long n = e.getValue();
            samples += n;
            if (!stack.isEmpty()) {
                Frame leaf = stack.get(stack.size() - 1);
                self.merge(name(leaf), n, Long::sum);
            }
            String syscall = syscall(stack);
            if (syscall != null) {
                syscalls.merge(syscall, n, Long::sum);
            }
            Frame entry = allocatorEntry(stack);
            if (entry != null) {
                allocator += n;
                allocatorFunctions.merge(name(entry), n, Long::sum);
            } else if (stack.stream().anyMatch(f -> LOCK.matcher(f.symbol()).find())) {
                locks += n;
            } else if (!stack.isEmpty() && stack.get(stack.size() - 1).kernel()) {
                kernel += n;
            }
        }
        return new CpuBreakdown(samples, allocator, locks, kernel, top(allocatorFunctions), top(syscalls), top(self));
    }

    /** The outermost allocator frame of a stack (malloc rather than the _int_malloc it called), or null. */
    private static Frame allocatorEntry(List<Frame> rootFirst) {
        for (Frame f : rootFirst) {
            if (isAllocator(f)) {
                return f;
            }
        }
        return null;
    }

    static boolean isAllocator(Frame f) {
        if (f.kernel()) {
            return false;
        }
        if (ALLOCATOR_LIBRARY.matcher(f.library()).find() || OPERATOR_NEW.matcher(f.symbol()).find()) {
            return true;
        }
        return f.library().startsWith("libc.so") || f.library().startsWith("libc-")
                ? GLIBC_MALLOC.matcher(f.symbol()).find() : false;
    }

    private static String syscall(List<Frame> rootFirst) {
        for (Frame f : rootFirst) {
            if (f.kernel()) {
                Matcher m = SYSCALL.matcher(f.symbol());
                if (m.find()) {
                    return m.group(1);
                }
            }
        }
        return null;
    }

    /** {@code _int_free (libc.so.6)}: a function with its library, as a reader looks it up. */
    private static String name(Frame f) {
        return f.symbol() + " (" + f.library() + ")";
    }

    private static Map<String, Long> top(Map<String, Long> counts) {
        Map<String, Long> top = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }

    /** A count as a percentage of all samples (0 without samples). */
    public double percent(long count) {
        return samples == 0 ? 0 : 100.0 * count / samples;
    }
}
