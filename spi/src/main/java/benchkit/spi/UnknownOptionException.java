package benchkit.spi;

/**
 * An option a workload or collector does not take; {@link #option()} is its canonical name ({@code table-size}), so
 * that a caller can name it as the user typed it (a sysbench line's {@code invalid option: --table_sizee=5}).
 *
 * @since SPI 1
 */
public final class UnknownOptionException extends InvalidOptionException {
    private final String option;

    public UnknownOptionException(String message, String option) {
        super(message);
        this.option = option;
    }

    /** The option's canonical name, without its dashes. */
    public String option() {
        return option;
    }
}
