package benchkit.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SysbenchArgsTest {
    private final List<String> notes = new ArrayList<>();

    private String[] translate(String line) {
        return SysbenchArgs.translate(line.split(" "), notes::add);
    }

    @Test
    void studyAReadOnlyCommandLine() {
        String[] args = translate("--test=oltp.lua --max-time=3600 --oltp-dist-type=uniform --max-requests=0"
                + " --mysql-table-engine=innodb --oltp-table-size=3000000 --oltp-tables-count=32 --oltp-range-size=90"
                + " --oltp-point-selects=12 --num-threads=64 --oltp-read-only=on run");
        assertArrayEquals(new String[]{"run", "--workload=oltp-read-only", "--time=3600", "--rand-type=uniform",
            "--events=0", "--mysql-storage-engine=innodb", "--table-size=3000000", "--tables=32", "--range-size=90",
            "--point-selects=12", "--threads=64"}, args);
        assertTrue(notes.contains("--num-threads is --threads in sysbench 1.0 and bench"), notes.toString());
        assertEquals(10, notes.size(), notes.toString());
    }

    @Test
    void legacyReadWriteWithScriptPathDropped() {
        assertEquals("--workload=oltp-read-write", translate("--test=oltp --oltp-index-updates=1 run")[1]);
        assertEquals("oltp-read-write", SysbenchArgs.workloadOfTest("tests/db/oltp.lua", false));
    }

    @Test
    void sysbench10PositionalForm() {
        assertArrayEquals(new String[]{"run", "--workload=oltp-read-only", "--tables=2"},
                translate("oltp_read_only --tables=2 run"));
        assertArrayEquals(new String[]{"prepare", "--workload=point-select", "--threads=4"},
                translate("oltp_point_select --threads=4 prepare"));
        assertTrue(notes.isEmpty(), notes.toString());
    }

    @Test
    void modernArgumentsPassUnchanged() {
        String[] args = {"--workload", "point-select", "--threads", "8,16", "--table-size=100"};
        assertArrayEquals(args, SysbenchArgs.translate(args, notes::add));
        assertTrue(notes.isEmpty());
    }
}
