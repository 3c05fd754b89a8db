package benchkit.containers;

/** Keeps generated passwords out of text we show (server logs may echo statements of the init file). */
final class Secrets {
    private Secrets() {
    }

    static String mask(String text, String secret) {
        return secret == null || secret.isEmpty() ? text : text.replace(secret, "****");
    }
}
