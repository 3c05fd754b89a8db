package benchkit.launcher.mysql;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the dynamic loader's "error while loading shared libraries" into advice naming the
 * Debian package to install, since a fresh machine often lacks libaio/libnuma for MySQL tarballs.
 */
public final class MissingLibrary {
    private static final Pattern LOADER_ERROR =
            Pattern.compile("error while loading shared libraries: ([^:\\s]+): cannot open shared object file");

    /** Debian packages providing the libraries MySQL/MariaDB binaries commonly need. */
    private static final Map<String, String> PACKAGES = Map.of(
            "libaio.so.1", "libaio1",
            "libnuma.so.1", "libnuma1",
            "libcrypt.so.1", "libcrypt1",
            "libncurses.so.5", "libncurses5",
            "libtinfo.so.5", "libtinfo5",
            "libssl.so.1.1", "libssl1.1",
            "libstdc++.so.6", "libstdc++6");

    // Ubuntu 24.04's libaio1t64 ships libaio.so.1t64, so no package gives MySQL's tarballs libaio.so.1 there
    private static final String UBUNTU_24 = " (on Ubuntu 24.04 no package provides libaio.so.1: use the embedded "
            + MysqlLauncher.DEFAULT_DISTRIBUTION + ", which needs neither)";

    private MissingLibrary() {
    }

    /** A one-line explanation when {@code output} shows a missing shared library. */
    public static Optional<String> explain(String binary, String output) {
        Matcher m = LOADER_ERROR.matcher(output);
        if (!m.find()) {
            return Optional.empty();
        }
        String library = m.group(1);
        String known = PACKAGES.get(library);
        if (known == null) {
            return Optional.of(binary + " cannot run: shared library " + library + " is missing; install the package "
                    + "that provides it (MySQL tarballs usually also need: apt-get install libaio1 libnuma1)");
        }
        Set<String> packages = new LinkedHashSet<>(List.of(known, "libaio1", "libnuma1"));
        return Optional.of(binary + " cannot run: shared library " + library + " is missing; install it with: "
                + "apt-get install " + String.join(" ", packages) + (library.equals("libaio.so.1") ? UBUNTU_24 : ""));
    }
}
