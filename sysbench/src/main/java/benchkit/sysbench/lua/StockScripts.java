package benchkit.sysbench.lua;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * Which script files are sysbench 1.0.20's own, byte for byte: only those may run as bench's Java version of the same
 * statements. Known by the SHA-256 of each file after its first line when that is an interpreter line ({@code #!}),
 * which packagers rewrite (Debian's are {@code #!/usr/bin/sysbench}, the release's {@code #!/usr/bin/env sysbench}); the
 * rest is the release's. A script that loads {@code oltp_common.lua} is stock only when the one it would load is too.
 */
public final class StockScripts {
    /** Body hash -> script name, of sysbench 1.0.20's src/lua/*.lua (git tag 1.0.20). */
    private static final Map<String, String> RELEASE = Map.ofEntries(
            Map.entry("aa303c46d71f2200bec4fe143fe746f5d4f0aebd47023149ce3fe64b51635a68", "bulk_insert"),
            Map.entry("710c3b38027668c83e46f3c0814dc7cfd67cc8c4012df6cab461e46d62b5996a", "oltp_common"),
            Map.entry("0f66a3cc6547269619a8db8ea660b4764b26facdf8db234583d93d0a9d16c74b", "oltp_delete"),
            Map.entry("41e948b4b5104c38bc7d0623b22b7777e6f974b69217a291fe16281911c38584", "oltp_insert"),
            Map.entry("a8df447935502a9cd6f9cbf11e91e1403afc14776af2d795e6c25790a786307b", "oltp_point_select"),
            Map.entry("2e85a293465743ec51947ea643b8e506c5e55a65004e178292c730fe59361917", "oltp_read_only"),
            Map.entry("7896a91b452a24e70ccf96809649c64172f73ae515531fa1c0cd2336d16de9b4", "oltp_read_write"),
            Map.entry("ee08292a90b002de58c5e0240a4c675462b568d88d5c0ddb56bc522220e663a5", "oltp_update_index"),
            Map.entry("9f802610b8f38d1b1390ad06cfccbc5f9b7462404968fb4039a3965474d7c65d", "oltp_update_non_index"),
            Map.entry("e06be71d5aacf5fbd96db871247e9097307cad5f255f8358aa2c9b801e1a729f", "oltp_write_only"),
            Map.entry("dea05906163359d8d460669ffa5eb6b75ff9528911c31e2b5e1527d1e52b431f", "select_random_points"),
            Map.entry("6bb9ee3b66f28ef241c000ace5f0d1fd11696da8d48fe5bd3ebaac71f00f85ab", "select_random_ranges"));
    private static final String COMMON = "oltp_common";

    private StockScripts() {
    }

    /** SHA-256 of each stock script's body (after a {@code #!} line) to its name: bench's launcher keeps a copy. */
    public static Map<String, String> releaseHashes() {
        return RELEASE;
    }

    /**
     * The stock script {@code file} is (e.g. {@code oltp_read_write}), or empty when it is a script of the user's own,
     * an edited copy, or a stock one whose {@code oltp_common.lua} (found where {@code require} finds it) was edited.
     */
    public static Optional<String> stock(Path file) {
        Optional<String> name = name(file);
        if (name.isEmpty() || name.get().equals("bulk_insert") || name.get().equals(COMMON)) {
            return name;
        }
        Path dir = file.toAbsolutePath().normalize().getParent();
        for (String pattern : SearchPath.of(dir).split(";")) {
            if (pattern.isEmpty() || !pattern.endsWith("?.lua")) {
                continue;
            }
            Path candidate = Path.of(pattern.replace("?", COMMON));
            if (Files.isRegularFile(candidate)) {
                return name(candidate).filter(COMMON::equals).flatMap(c -> name);
            }
        }
        return Optional.empty();
    }

    /** The file {@code require(name)} would load, on sysbench's search path from the current directory. */
    public static Optional<Path> module(String name) {
        return SearchPath.find(name, SearchPath.of(Path.of("").toAbsolutePath()), new StringBuilder()).map(Path::of);
    }

    private static Optional<String> name(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            int start = 0;
            if (bytes.length > 1 && bytes[0] == '#' && bytes[1] == '!') {
                while (start < bytes.length && bytes[start] != '\n') {
                    start++;
                }
                start++;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(bytes, Math.min(start, bytes.length), bytes.length - Math.min(start, bytes.length));
            return Optional.ofNullable(RELEASE.get(HexFormat.of().formatHex(sha.digest())));
        } catch (IOException e) {
            return Optional.empty();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
