package benchkit.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The help reads the same in every locale (sweep 7, case 32: Turkish's dotted 'İ' moved --iterations in the synopsis). */
class HelpLocaleTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bench", "run", "calibrate", "history"})
    void theUsageIsTheSameUnderTurkishAsUnderRoot(String subcommand) {
        assertEquals(usage(subcommand, Locale.ROOT), usage(subcommand, Locale.forLanguageTag("tr-TR")));
    }

    /** Under LC_ALL=C picocli wrote the help in ASCII, '±' as '?', while bench writes UTF-8 there (Main). */
    @org.junit.jupiter.api.Test
    void theHelpIsWrittenInBenchsCharsetNotTheLocales() {
        java.io.PrintStream stdout = System.out;
        String property = System.getProperty("sun.stdout.encoding");
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setProperty("sun.stdout.encoding", "US-ASCII");      // what picocli reads under LC_ALL=C
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        Main.console(java.nio.charset.StandardCharsets.UTF_8);
        try {
            assertEquals(0, Main.run(Cli.commandLine("--help"), "--help"));
        } finally {
            Main.console(null);
            System.setOut(stdout);
            if (property == null) {
                System.clearProperty("sun.stdout.encoding");
            } else {
                System.setProperty("sun.stdout.encoding", property);
            }
        }
        String help = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(help.contains("within \u00b1 it"), help);
    }

    private static String usage(String subcommand, Locale locale) {
        Locale before = Locale.getDefault();
        Locale.setDefault(locale);
        try {
            CommandLine cl = Cli.commandLine();
            return (subcommand.equals("bench") ? cl : cl.getSubcommands().get(subcommand))
                    .getUsageMessage(CommandLine.Help.Ansi.OFF);
        } finally {
            Locale.setDefault(before);
        }
    }
}
