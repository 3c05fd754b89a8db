package benchkit.cli;

import benchkit.sysbench.console.SysbenchFormat;
import picocli.CommandLine.Option;

import java.util.List;

/** How a command's console reads (bench's lines or sysbench 1.0.20's), and how much of it: run, prepare, prewarm, cleanup. */
final class ConsoleOptions {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "jmh",
            description = "How the console reads: jmh (bench's lines, JMH-style), sysbench (sysbench 1.0.20's output: its "
                    + "header, progress lines and final report for each trial, over its measurement iterations, or "
                    + "\"Creating table 'sbtest1'...\"; bench's own lines from --verbosity 4; the default for a sysbench "
                    + "command line) or, for run, memslap (bench's lines and \"Time to set N keys by T threads\").")
    String format;

    @Option(names = "--verbosity", paramLabel = "N", defaultValue = "" + SysbenchFormat.NOTICE,
            description = "With --format sysbench, as sysbench's: 3 prints what sysbench prints, 4 and 5 add bench's "
                    + "own lines, 2 leaves out the report, 1 and 0 keep the errors only (default ${DEFAULT-VALUE}).")
    int verbosity;

    @Option(names = "--sysbench-test", hidden = true, paramLabel = "TEST",
            description = "The sysbench test a sysbench command line named, as typed (its error lines name its script).")
    String sysbenchTest;

    @Option(names = "--sysbench-ssl", hidden = true,
            description = "The sysbench line asked for TLS (--mysql-ssl=on): checked against what the server offers.")
    boolean sysbenchSsl;

    /** The format, one of {@code valid}, and the verbosity, checked. */
    void check(List<String> valid) {
        if (!valid.contains(format)) {
            throw new UsageException("--format " + format + " is not valid; expected "
                    + String.join(", ", valid.subList(0, valid.size() - 1)) + " or " + valid.get(valid.size() - 1));
        }
        if (verbosity < 0 || verbosity > 5) {
            throw new UsageException("--verbosity=" + verbosity + " is not valid; expected 0 to 5 (as in sysbench)");
        }
    }

    boolean sysbench() {
        return format.equals("sysbench");
    }

    /** A sysbench command line (a test named as sysbench names it), not bench's own line in sysbench's format. */
    boolean sysbenchLine() {
        return sysbench() && sysbenchTest != null;
    }

    /** Whether sysbench's own lines print (its notices): always in bench's format. */
    boolean sysbenchLines() {
        return verbosity >= SysbenchFormat.NOTICE;
    }

    /** Whether bench's own lines print: in bench's format, and in sysbench's from --verbosity 4. */
    boolean benchLines() {
        return !sysbench() || verbosity >= SysbenchFormat.INFO;
    }

    /** sysbench's banner, first, where its lines print. */
    void banner() {
        if (sysbench() && sysbenchLines()) {
            SysbenchLine.banner(System.out);
        }
    }
}
