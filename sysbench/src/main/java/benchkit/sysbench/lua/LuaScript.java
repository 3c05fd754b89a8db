package benchkit.sysbench.lua;

import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Lua script file as the user gave it, read once: what runs is these bytes, whatever the file becomes later.
 *
 * @param shownPath the path as given, which sysbench's messages name ({@code ./tpcc.lua:40: ...})
 * @param source    the file's bytes
 */
record LuaScript(String shownPath, Path directory, byte[] source) {
    static LuaScript read(Path file) {
        try {
            Path absolute = file.toAbsolutePath().normalize();
            return new LuaScript(file.toString(), absolute.getParent(), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new InvalidOptionException(file + " cannot be read: " + e.getClass().getSimpleName() + " "
                    + e.getMessage());
        }
    }

    /** The file's name, which names the workload ({@code tpcc.lua}). */
    String name() {
        int slash = shownPath.lastIndexOf('/');
        return shownPath.substring(slash + 1);
    }

    /** SHA-256 of the bytes that run, lower-case hex: which script a result came from. */
    String sha256() {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(source));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return shownPath + " (" + source.length + " bytes)";
    }

}
