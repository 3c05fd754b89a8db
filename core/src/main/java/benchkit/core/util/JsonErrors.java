package benchkit.core.util;

import com.fasterxml.jackson.core.JsonProcessingException;

/** What a JSON file's parse error says to a user: Jackson's words without its internals (feature names, "[Source: ...]"). */
public final class JsonErrors {
    private JsonErrors() {
    }

    /** e.g. {@code Unexpected end-of-input: expected close marker for Object (start marker at line: 1, column: 1)}. */
    public static String plain(String message) {
        return message.replaceAll(": enable `[^`]*` to allow", "").replaceAll(", from `[^`]*`", "")
                .replaceAll("\\[Source: REDACTED \\(`[^`]*` disabled\\); ([^]]*)]", "$1");
    }

    /** {@link #plain} of the error's own words, with the line and column where the parser stopped when it knows them. */
    public static String describe(JsonProcessingException e) {
        String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr();
        return plain(e.getOriginalMessage()) + at;
    }

    /**
     * One line for a result file bench wrote that no longer parses: the file, how (cut short, or damaged), and what to
     * do, where the parser's words alone gave no remedy (sweep 6, case 65).
     */
    public static String damagedResultFile(String file, JsonProcessingException e) {
        boolean cut = e.getOriginalMessage().startsWith("Unexpected end-of-input");
        return file + " is not valid JSON (" + describe(e) + "): it is " + (cut ? "cut short" : "damaged")
                + "; restore it from a copy of the run";
    }
}
