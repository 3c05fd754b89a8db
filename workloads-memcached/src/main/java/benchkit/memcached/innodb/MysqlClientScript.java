package benchkit.memcached.innodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a mysql-client script such as {@code innodb_memcached_config.sql} into statements:
 * {@code ;} ends a statement outside quotes, {@code --} and {@code #} lines are comments, and a
 * client {@code USE db} line needs no semicolon (the script ends one with none).
 */
public final class MysqlClientScript {
    private MysqlClientScript() {
    }

    public static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (String line : script.split("\n", -1)) {
            String trimmed = line.strip();
            if (quote == 0 && current.toString().isBlank()) {
                if (trimmed.isEmpty() || trimmed.startsWith("--") || trimmed.startsWith("#")) {
                    continue;
                }
                if (trimmed.toLowerCase(Locale.ROOT).matches("use\\s+\\S+;?")) {
                    out.add(trimmed.endsWith(";") ? trimmed.substring(0, trimmed.length() - 1).strip() : trimmed);
                    continue;
                }
            }
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (quote != 0) {
                    current.append(ch);
                    if (ch == '\\' && i + 1 < line.length()) {
                        current.append(line.charAt(++i));
                    } else if (ch == quote) {
                        quote = 0;
                    }
                } else if (ch == '\'' || ch == '"' || ch == '`') {
                    quote = ch;
                    current.append(ch);
                } else if (ch == '-' && line.startsWith("-- ", i)) {
                    break;
                } else if (ch == ';') {
                    add(out, current);
                } else {
                    current.append(ch);
                }
            }
            current.append('\n');
        }
        add(out, current);
        return out;
    }

    private static void add(List<String> out, StringBuilder current) {
        String s = current.toString().strip();
        if (!s.isEmpty()) {
            out.add(s);
        }
        current.setLength(0);
    }
}
