package benchkit.collectors.profile;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuBreakdownTest {
    private static CpuBreakdown of(String script) throws Exception {
        return CpuBreakdown.of(FoldedStacks.fromPerfScript(new BufferedReader(new StringReader(script))));
    }

    private static String sample(String... frames) {
        StringBuilder s = new StringBuilder("mariadbd \n");
        for (String f : frames) {
            s.append("\t  1 ").append(f).append('\n');
        }
        return s.append('\n').toString();
    }

    @Test
    void eachSampleCountsInTheFirstCategoryThatMatches() throws Exception {
        String glibcFree = sample("_int_free (/usr/lib/x86_64-linux-gnu/libc.so.6)", "free (/usr/lib/x86_64-linux-gnu/libc.so.6)",
                "my_free (/usr/sbin/mariadbd)");
        String jemallocPageFault = sample("clear_page_erms ([kernel.kallsyms])", "asm_exc_page_fault ([kernel.kallsyms])",
                "je_extent_alloc (/usr/lib/x86_64-linux-gnu/libjemalloc.so.2)", "malloc (/usr/lib/x86_64-linux-gnu/libjemalloc.so.2)",
                "alloc_root (/usr/sbin/mariadbd)");
        String mallocWaitingOnItsLock = sample("futex_wait ([kernel.kallsyms])", "__lll_lock_wait_private (/usr/lib/x86_64-linux-gnu/libc.so.6)",
                "_int_malloc (/usr/lib/x86_64-linux-gnu/libc.so.6)", "malloc (/usr/lib/x86_64-linux-gnu/libc.so.6)");
        String innodbSpin = sample("ut_delay (/usr/sbin/mariadbd)", "srw_mutex_impl<true>::wait_and_lock (/usr/sbin/mariadbd)",
                "row_search_mvcc (/usr/sbin/mariadbd)");
        String mutexInKernel = sample("_raw_spin_unlock_irqrestore ([kernel.kallsyms])", "__x64_sys_futex ([kernel.kallsyms])",
                "__lll_lock_wait (/usr/lib/x86_64-linux-gnu/libc.so.6)", "pthread_mutex_lock (/usr/lib/x86_64-linux-gnu/libc.so.6)");
        String send = sample("tcp_sendmsg_locked ([kernel.kallsyms])", "__x64_sys_sendto ([kernel.kallsyms])",
                "__send (/usr/lib/x86_64-linux-gnu/libc.so.6)", "net_flush (/usr/sbin/mariadbd)");
        String parse = sample("MYSQLparse (/usr/sbin/mariadbd)", "dispatch_command (/usr/sbin/mariadbd)");
        // a kernel that dispatches through x64_sys_call with __x64_sys_read inlined (6.18): named by ksys_read
        String read = sample("read_zero ([kernel.kallsyms])", "vfs_read ([kernel.kallsyms])", "ksys_read ([kernel.kallsyms])",
                "x64_sys_call ([kernel.kallsyms])", "do_syscall_64 ([kernel.kallsyms])", "read (/usr/lib/x86_64-linux-gnu/libc.so.6)");
        String freeOfAString = sample("strlen (/usr/lib/x86_64-linux-gnu/libc.so.6)", "my_strdup (/usr/sbin/mariadbd)");

        CpuBreakdown b = of(glibcFree + jemallocPageFault + mallocWaitingOnItsLock + innodbSpin + mutexInKernel + send + send
                + parse + freeOfAString + read);

        assertEquals(10, b.samples());
        assertEquals(3, b.allocator(), "free, jemalloc's page fault and malloc's own lock wait are the allocator's");
        assertEquals(2, b.locks(), "an InnoDB spin and a pthread mutex in the kernel");
        assertEquals(3, b.kernel(), "the two sends and the read");
        assertEquals(100.0 * 3 / 10, b.percent(b.allocator()), 1e-9);
        assertEquals(Map.of("free (libc.so.6)", 1L, "malloc (libc.so.6)", 1L, "malloc (libjemalloc.so.2)", 1L),
                b.allocatorFunctions(), "named by the outermost allocator frame and its library");
        assertEquals(Map.of("sendto", 2L, "futex", 1L, "read", 1L), b.syscalls());
        assertEquals(2L, b.topFunctions().get("tcp_sendmsg_locked (kernel.kallsyms)"));
    }

    @Test
    void libcFunctionsThatAreNotTheAllocatorAreNotCountedAsIt() {
        assertTrue(CpuBreakdown.isAllocator(new FoldedStacks.Frame("__libc_calloc", "libc.so.6", false)));
        assertTrue(CpuBreakdown.isAllocator(new FoldedStacks.Frame("tc_free", "libtcmalloc_minimal.so.4", false)));
        assertTrue(CpuBreakdown.isAllocator(new FoldedStacks.Frame("mi_free", "libmimalloc.so.2.0", false)));
        assertTrue(CpuBreakdown.isAllocator(new FoldedStacks.Frame("operator delete(void*)", "libstdc++.so.6", false)));
        assertFalse(CpuBreakdown.isAllocator(new FoldedStacks.Frame("__memmove_avx_unaligned_erms", "libc.so.6", false)));
        assertFalse(CpuBreakdown.isAllocator(new FoldedStacks.Frame("free_root", "mariadbd", false)), "MariaDB's own arenas");
        assertFalse(CpuBreakdown.isAllocator(new FoldedStacks.Frame("kmalloc", "kernel.kallsyms", true)));
    }
}
