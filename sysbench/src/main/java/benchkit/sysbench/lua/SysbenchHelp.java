package benchkit.sysbench.lua;

import benchkit.spi.OptionSpec;

import java.io.PrintStream;
import java.util.List;

/**
 * {@code sysbench TEST help}: "TEST options:" and a line per option as sysbench's {@code sb_print_options} prints them:
 * the name, the kind of value it takes, the description and the default, the descriptions in one column.
 */
public final class SysbenchHelp {
    /** One option's line: {@code format} is sysbench's {@code [=on|off]}, {@code =N}, {@code =STRING}, ... */
    public record Line(String name, String format, String description, String defaultValue) {
        /** A bench option's line, its kind guessed from its default (a workload's options declare no kind). */
        public static Line of(OptionSpec o) {
            String d = o.defaultValue() == null ? "" : o.defaultValue();
            String format = d.equals("on") || d.equals("off") ? "[=on|off]" : d.matches("-?[0-9]+") ? "=N" : "=STRING";
            return new Line(o.name().replace('-', '_'), format, o.description(), o.defaultValue());
        }

        /** A script's declared option, its kind as declared. */
        static Line of(ScriptOption o) {
            String format = switch (o.kind()) {
                case BOOL -> "[=on|off]";
                case INT, DOUBLE -> "=N";
                case SIZE -> "=SIZE";
                case LIST -> "=[LIST,...]";
                case FILE -> "=FILENAME";
                case NULL, STRING -> "=STRING";
            };
            return new Line(o.name(), format, o.description(), o.defaultValue());
        }
    }

    private SysbenchHelp() {
    }

    /** Prints {@code lines} in the order given, then sysbench's closing blank line. */
    public static void print(String test, List<Line> lines, PrintStream out) {
        out.println(test + " options:");
        printLines(lines, out);
    }

    /** The option lines alone and the closing blank line (a script's {@code sysbench.cmdline.print_test_options()}). */
    public static void printLines(List<Line> lines, PrintStream out) {
        int width = lines.stream().mapToInt(l -> l.name().length() + l.format().length()).max().orElse(0);
        for (Line l : lines) {
            out.println("  --" + l.name() + l.format() + " ".repeat(width - l.name().length() - l.format().length() + 1)
                    + l.description() + (l.defaultValue() != null ? " [" + l.defaultValue() + "]" : ""));
        }
        out.println();
        out.flush();
    }
}
