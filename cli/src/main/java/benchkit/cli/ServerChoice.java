package benchkit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code --server} value: which launcher starts it and with which distribution.
 * {@code mysql-8.0}, {@code mysql-5.7}, {@code system}, {@code basedir:DIR} go to the mysql launcher;
 * {@code memcached[:DIST]} to the memcached launcher; {@code container:IMAGE} and
 * {@code container-memcached:IMAGE} to the container launchers.
 */
record ServerChoice(String launcher, String distribution, String label) {
    static final String DEFAULT = "mysql-8.0";

    /** The protocol the server speaks, matched against {@code WorkloadFactory.protocol()}. */
    String protocol() {
        return launcher.startsWith("memcached") || launcher.endsWith("memcached") ? "memcached" : "mysql";
    }

    static ServerChoice parse(String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            throw new UsageException("--server needs a value, e.g. mysql-8.0, mysql-5.7, system, memcached, container:IMAGE");
        }
        if (v.equals("memcached")) {
            return new ServerChoice("memcached", "system", v);
        }
        if (v.startsWith("memcached:")) {
            return new ServerChoice("memcached", v.substring("memcached:".length()), v);
        }
        if (v.startsWith("container:")) {
            return new ServerChoice("container", v.substring("container:".length()), v);
        }
        if (v.startsWith("container-memcached:")) {
            return new ServerChoice("container-memcached", v.substring("container-memcached:".length()), v);
        }
        return new ServerChoice("mysql", v, v);
    }

    static List<ServerChoice> parseAll(List<String> servers, String basedir) {
        List<ServerChoice> choices = new ArrayList<>();
        for (String s : servers) {
            choices.add(parse(s));
        }
        if (basedir != null) {
            choices.add(new ServerChoice("mysql", "basedir:" + basedir, "basedir:" + basedir));
        }
        if (choices.isEmpty()) {
            choices.add(parse(DEFAULT));
        }
        return choices;
    }
}
