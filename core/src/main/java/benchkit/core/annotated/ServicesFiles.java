package benchkit.core.annotated;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the {@code META-INF/services} files a class loader sees list for one service, and where each file is. */
final class ServicesFiles {
    private ServicesFiles() {
    }

    /** Each class name listed for {@code service}, with the jar (or directory) whose services file lists it. */
    static Map<String, String> listing(Class<?> service, ClassLoader loader) {
        Map<String, String> listed = new LinkedHashMap<>();
        try {
            Enumeration<URL> files = loader.getResources("META-INF/services/" + service.getName());
            while (files.hasMoreElements()) {
                URL file = files.nextElement();
                String text;
                try (InputStream in = file.openStream()) {
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                for (String line : text.split("\n")) {
                    String name = line.replaceAll("#.*", "").strip();
                    if (!name.isEmpty()) {
                        listed.putIfAbsent(name, containerOf(file));
                    }
                }
            }
        } catch (IOException e) {
            // the caller's message then names the class without its jar
        }
        return listed;
    }

    /** {@code jar:file:/p/x.jar!/META-INF/...} is /p/x.jar; {@code file:/p/classes/META-INF/...} is /p/classes/. */
    private static String containerOf(URL file) {
        String url = file.toString();
        if (url.startsWith("jar:file:") && url.contains("!/")) {
            return url.substring("jar:file:".length(), url.indexOf("!/"));
        }
        String dir = url.substring(0, url.indexOf("META-INF/services/"));
        return dir.startsWith("file:") ? dir.substring("file:".length()) : dir;
    }
}
