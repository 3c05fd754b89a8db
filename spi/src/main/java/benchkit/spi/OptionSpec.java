package benchkit.spi;

import java.util.Objects;

/**
 * One option a plugin accepts: its name (dashes and underscores are the same), its default
 * ({@code null} when it has none) and a one-line description shown by {@code bench list}.
 */
public record OptionSpec(String name, String defaultValue, String description) {
    public OptionSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        name = OptionValues.canonical(name);
    }
}
