package benchkit.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The help reads the same in every locale (sweep 7, case 32: Turkish's dotted 'İ' moved --iterations in the synopsis). */
class HelpLocaleTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bench", "run", "calibrate", "history"})
    void theUsageIsTheSameUnderTurkishAsUnderRoot(String subcommand) {
        assertEquals(usage(subcommand, Locale.ROOT), usage(subcommand, Locale.forLanguageTag("tr-TR")));
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
