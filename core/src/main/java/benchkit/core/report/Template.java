package benchkit.core.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A text template with {@code {{NAME}}} placeholders, filled in one pass: text that was inserted is
 * never scanned again, so data that happens to look like a placeholder stays as it is.
 */
public final class Template {
    private Template() {
    }

    public static String fill(String template, Map<String, String> values) {
        StringBuilder out = new StringBuilder(template.length() * 2);
        int pos = 0;
        while (true) {
            int start = template.indexOf("{{", pos);
            if (start < 0) {
                break;
            }
            int end = template.indexOf("}}", start + 2);
            if (end < 0) {
                break;
            }
            String name = template.substring(start + 2, end);
            String value = values.get(name);
            if (value == null) {
                throw new IllegalStateException("report template has no value for {{" + name + "}}");
            }
            out.append(template, pos, start).append(value);
            pos = end + 2;
        }
        return out.append(template, pos, template.length()).toString();
    }

    /** A UTF-8 text resource on the class path, e.g. {@code /benchkit/report/report.js}. */
    public static String resource(String path) {
        try (InputStream in = Template.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path + " (broken benchkit build)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + path, e);
        }
    }
}
