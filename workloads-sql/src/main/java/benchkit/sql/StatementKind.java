package benchkit.sql;

import java.util.Locale;

/** How a statement is counted, as sysbench reports queries: read, write or other. */
enum StatementKind {
    READ, WRITE, OTHER;

    /** By the first keyword: SELECT (and WITH, SHOW) read; INSERT, UPDATE, DELETE, REPLACE write; anything else is other. */
    static StatementKind of(String sql) {
        String word = firstKeyword(sql);
        return switch (word) {
            case "SELECT", "WITH", "SHOW" -> READ;
            case "INSERT", "UPDATE", "DELETE", "REPLACE" -> WRITE;
            default -> OTHER;
        };
    }

    /** The first word of the statement in upper case, after leading parentheses and comments. */
    static String firstKeyword(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(') {
                i++;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toUpperCase(Locale.ROOT);
    }
}
