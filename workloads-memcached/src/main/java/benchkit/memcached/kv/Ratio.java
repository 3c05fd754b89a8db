package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;

/** A {@code set:get} mix such as {@code 1:9}: the share of events that are sets. */
public record Ratio(long sets, long gets) {
    public static Ratio parse(String option, String text) {
        String t = text.strip();
        int colon = t.indexOf(':');
        try {
            if (colon > 0) {
                long s = OptionValues.parseWhole(t.substring(0, colon).strip());
                long g = OptionValues.parseWhole(t.substring(colon + 1).strip());
                if (s >= 0 && g >= 0 && s + g > 0) {
                    return new Ratio(s, g);
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidOptionException("--" + option + "=" + text
                + " is not valid; expected SETS:GETS with whole numbers, not both 0 (e.g. 1:9)");
    }

    public double setShare() {
        return (double) sets / (sets + gets);
    }

    @Override
    public String toString() {
        return sets + ":" + gets;
    }
}
