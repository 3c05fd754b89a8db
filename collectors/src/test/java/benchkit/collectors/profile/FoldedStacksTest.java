package benchkit.collectors.profile;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Folding perf script's text; the real perf is run in CpuProfileCollectorTest. */
class FoldedStacksTest {
    /** Two samples as perf 6.1 prints them with {@code -F comm,ip,sym,dso}, the second twice. */
    static final String SCRIPT = """
            mariadbd\s
            \t          9f7a83 JOIN::optimize (/usr/sbin/mariadbd)
            \t          8ad69a mysql_select (/usr/sbin/mariadbd)
            \t          c7f647 [unknown] (/usr/sbin/mariadbd)
            \t           891f5 start_thread (/usr/lib/x86_64-linux-gnu/libc.so.6)

            mariadbd\s
            \tffffffff813a2313 finish_task_switch.isra.0 ([kernel.kallsyms])
            \tffffffff81000130 entry_SYSCALL_64_after_hwframe ([kernel.kallsyms])
            \t          10aba4 __send (/usr/lib/x86_64-linux-gnu/libc.so.6)

            mariadbd\s
            \tffffffff813a2313 finish_task_switch.isra.0 ([kernel.kallsyms])
            \tffffffff81000130 entry_SYSCALL_64_after_hwframe ([kernel.kallsyms])
            \t          10aba4 __send (/usr/lib/x86_64-linux-gnu/libc.so.6)
            """;

    @Test
    void foldsRootFirstWithKernelFramesMarkedAndCountsRepeats() throws Exception {
        FoldedStacks stacks = FoldedStacks.fromPerfScript(new BufferedReader(new StringReader(SCRIPT)));
        StringWriter out = new StringWriter();
        stacks.write(out);
        assertEquals("""
                mariadbd;__send;entry_SYSCALL_64_after_hwframe_[k];finish_task_switch.isra.0_[k] 2
                mariadbd;start_thread;[mariadbd];mysql_select;JOIN::optimize 1
                """, out.toString());
        assertEquals(3, stacks.samples());
    }

    @Test
    void addsAnotherProfileAndKeepsSymbolsWithSpacesAndSemicolons() throws Exception {
        FoldedStacks a = FoldedStacks.fromPerfScript(new BufferedReader(new StringReader(SCRIPT)));
        FoldedStacks b = FoldedStacks.fromPerfScript(new BufferedReader(new StringReader("""
                memcached\s
                \t            1234 operator new(unsigned long) (/usr/lib/libstdc++.so.6)
                \t            5678 f;g (/usr/bin/memcached)
                """)));
        a.addAll(b);
        a.addAll(b);
        StringWriter out = new StringWriter();
        a.write(out);
        assertEquals(5, a.samples());
        assertEquals("memcached;f:g;operator new(unsigned long) 2", out.toString().lines().filter(l -> l.startsWith("memcached"))
                .findFirst().orElseThrow());
    }
}
