package benchkit.sql;

/** Counts the {@code ?} placeholders of a statement, skipping quoted text and comments. */
final class Placeholders {
    private Placeholders() {
    }

    static int count(String sql) {
        int count = 0;
        int n = sql.length();
        for (int i = 0; i < n; i++) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = endOfQuoted(sql, i, c);
            } else if (c == '-' && sql.startsWith("-- ", i) || c == '#') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 1;
            } else if (c == '?') {
                count++;
            }
        }
        return count;
    }

    /** Index of the closing quote (a doubled quote or a backslash escape stays inside). */
    private static int endOfQuoted(String sql, int open, char quote) {
        int n = sql.length();
        for (int i = open + 1; i < n; i++) {
            char c = sql.charAt(i);
            if (c == '\\' && quote != '`') {
                i++;
            } else if (c == quote) {
                if (i + 1 < n && sql.charAt(i + 1) == quote) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return n;
    }
}
