package benchkit.sysbench;

import benchkit.spi.InvalidOptionException;

import java.util.Arrays;

/** The server error codes of --mysql-ignore-errors: a list, or {@code all}. */
public final class IgnoredErrors {
    private final boolean all;
    private final int[] codes;

    private IgnoredErrors(boolean all, int[] codes) {
        this.all = all;
        this.codes = codes;
    }

    public static IgnoredErrors parse(String plugin, String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("all")) {
            return new IgnoredErrors(true, new int[0]);
        }
        if (t.isEmpty() || t.equalsIgnoreCase("none")) {
            return new IgnoredErrors(false, new int[0]);
        }
        String[] parts = t.split(",");
        int[] codes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                codes[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InvalidOptionException(plugin + ": --mysql-ignore-errors=" + text
                        + " is not valid; expected comma-separated error codes (e.g. 1213,1020,1205) or all");
            }
            if (codes[i] <= 0) {
                throw new InvalidOptionException(plugin + ": --mysql-ignore-errors=" + text
                        + " is not valid; error codes are positive numbers");
            }
        }
        return new IgnoredErrors(false, codes);
    }

    public boolean ignores(int errorCode) {
        if (all) {
            return true;
        }
        for (int c : codes) {
            if (c == errorCode) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return all ? "all" : Arrays.toString(codes);
    }
}
