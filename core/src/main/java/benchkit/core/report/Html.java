package benchkit.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Escaping for text put into HTML and for JSON put inside a {@code <script>} element. */
public final class Html {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Html() {
    }

    /** Text safe inside an element or a quoted attribute. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * JSON that can sit inside a {@code <script>} element: {@code <}, {@code >}, {@code &} and the
     * JavaScript line separators are written as {@code \}{@code uXXXX} escapes. They can only occur
     * inside JSON strings, where the escape means the same character, so the data is unchanged
     * while {@code </script>} or {@code <!--} can never appear.
     */
    public static String scriptJson(Object value) {
        String json;
        try {
            json = MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode report data: " + e.getOriginalMessage(), e);
        }
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }
}
