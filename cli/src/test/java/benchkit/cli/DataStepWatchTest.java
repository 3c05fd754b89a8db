package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchkit.spi.Target;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What a prepare stopped short says of each table: the rows its commits kept, not the rows it sent (sweep 4, case 94:
 * a table with all its rows committed, stopped while its index was built, was said to be "not filled").
 */
class DataStepWatchTest {
    private static final long ROWS = 1_000_000;

    private static DataStepWatch watch() {
        Target target = Target.builder().product("MariaDB").version("10.11").build();
        return new DataStepWatch("oltp-read-write prepare", "run bench prepare again",
                target, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Test
    void aTableWhoseRowsAreAllCommittedIsFilled() {
        try (DataStepWatch w = watch()) {
            w.progress("sbtest1", 0, ROWS);
            w.committed("sbtest1", 0);
            w.committing("sbtest1", ROWS);
            w.committed("sbtest1", ROWS);
            // as TableLoader says it: not done until its index is built
            w.progress("sbtest1", ROWS - 1, ROWS);
            assertEquals("; sbtest1 filled (all 1,000,000 rows kept) but not finished (what comes after its rows, such "
                    + "as an index, may be missing)", w.unfinished());
        }
    }

    @Test
    void aCommitUnderWayIsSaidToBeUnknown() {
        try (DataStepWatch w = watch()) {
            w.progress("sbtest1", 0, ROWS);
            w.committed("sbtest1", 0);
            w.progress("sbtest1", 150_000, ROWS);
            w.committing("sbtest1", 150_000);
            w.committed("sbtest1", 150_000);
            w.progress("sbtest1", 200_000, ROWS);
            w.committing("sbtest1", 200_000);
            assertEquals("; sbtest1 not filled (150,000 of 1,000,000 rows kept, and perhaps the 50,000 of its last "
                    + "transaction, whose commit was under way)", w.unfinished());
        }
    }

    @Test
    void rowsSentAfterTheLastCommitAreNotKept() {
        try (DataStepWatch w = watch()) {
            w.progress("sbtest1", 0, ROWS);
            w.committed("sbtest1", 0);
            w.progress("sbtest1", 394_800, ROWS);
            w.progress("sbtest2", 0, ROWS);
            w.committed("sbtest2", 0);
            w.progress("sbtest2", 60_000, ROWS);
            w.committing("sbtest2", 50_000);
            w.committed("sbtest2", 50_000);
            assertEquals("; sbtest1 not filled (none of its 1,000,000 rows kept; the 394,800 sent were not committed), "
                    + "sbtest2 not filled (50,000 of 1,000,000 rows kept; the 10,000 sent after them were not committed)",
                    w.unfinished());
        }
    }

    /** A workload that does not say what it committed: no count is claimed for its table. */
    @Test
    void aWorkloadThatDoesNotSayWhatItCommittedGetsNoCount() {
        try (DataStepWatch w = watch()) {
            w.progress("table kv", 500, 1000);
            w.progress("done", 10, 10);
            assertEquals("; table kv not filled (500 of 1,000 rows sent; those of its last transaction are not kept)",
                    w.unfinished());
        }
    }

    /**
     * A sysbench line's prepare stopped short names that line's cleanup, then its prepare, as the way back: its prepare
     * stops at a table already there, where bench's own replaces them (sweep 6 case 82).
     */
    @Test
    void aSysbenchLinesStopNamesItsOwnCommands() {
        String[] line = {"prepare", "--workload", "oltp-read-write", "--mysql-host", "127.0.0.1", "--format", "sysbench",
            "--sysbench-test", "oltp_read_write"};
        picocli.CommandLine cl = Cli.commandLine(line);
        cl.parseArgs(line);
        PrepareCommand prepare = cl.getSubcommands().get("prepare").getCommand();
        assertEquals("run the same line with cleanup in place of prepare (bench oltp_read_write ... cleanup), then prepare "
                + "again: a sysbench prepare does not replace tables", prepare.remedy());
        String[] own = {"prepare", "--workload", "oltp-read-write", "--mysql-host", "127.0.0.1", "--format", "sysbench"};
        picocli.CommandLine ownLine = Cli.commandLine(own);
        ownLine.parseArgs(own);
        assertEquals("run bench prepare again (it replaces the tables) or bench cleanup",
                ownLine.getSubcommands().get("prepare").<PrepareCommand>getCommand().remedy(), "bench's own line");
    }
}
