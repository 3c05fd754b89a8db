package benchkit.mysql.wire;

import java.io.IOException;

/** The user logs in with an authentication plugin this client does not speak; another driver may. */
public final class UnsupportedLogin extends IOException {
    private final String plugin;

    UnsupportedLogin(String plugin, String spoken) {
        super("the user logs in with " + plugin + ", which --driver wire does not speak (it speaks " + spoken
                + "); use --driver mariadb");
        this.plugin = plugin;
    }

    /** The user's authentication plugin. */
    public String plugin() {
        return plugin;
    }
}
