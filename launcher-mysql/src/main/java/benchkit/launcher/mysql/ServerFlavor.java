package benchkit.launcher.mysql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which server a binary is (MySQL or MariaDB) and its version, as read from {@code mysqld --version};
 * the launcher picks the init tool and the SQL dialect from it.
 *
 * @param product {@code MySQL} or {@code MariaDB}
 * @param version numeric version, e.g. {@code 8.0.15} or {@code 10.11.19}
 */
public record ServerFlavor(String product, String version) {
    private static final Pattern VERSION = Pattern.compile("Ver\\s+(\\d+\\.\\d+\\.\\d+)");

    public static ServerFlavor parse(String versionOutput) {
        Matcher m = VERSION.matcher(versionOutput);
        if (!m.find()) {
            throw new IllegalArgumentException("cannot read a server version from: " + firstLine(versionOutput));
        }
        String product = versionOutput.contains("MariaDB") ? "MariaDB" : "MySQL";
        return new ServerFlavor(product, m.group(1));
    }

    /** The product and numeric version from {@code SELECT @@version}, e.g. {@code 10.11.19-MariaDB-0+deb12u1}. */
    public static ServerFlavor fromVersionVariable(String version) {
        String product = version.contains("MariaDB") ? "MariaDB" : "MySQL";
        Matcher m = Pattern.compile("^(\\d+\\.\\d+\\.\\d+)").matcher(version);
        return new ServerFlavor(product, m.find() ? m.group(1) : version);
    }

    public boolean isMariaDb() {
        return product.equals("MariaDB");
    }

    public int major() {
        return part(0);
    }

    private int part(int i) {
        String[] parts = version.split("\\.");
        return i < parts.length ? Integer.parseInt(parts[i].replaceAll("\\D.*", "")) : 0;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    @Override
    public String toString() {
        return product + " " + version;
    }
}
