package benchkit.cli;

import benchkit.core.server.MysqlLauncher;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code --server} value: which launcher starts it and with which distribution.
 * {@code mariadb-11.4}, {@code mysql-8.0}, {@code mysql-5.7}, {@code system}, {@code basedir:DIR} go to the
 * mysql launcher;
 * {@code memcached[:DIST]} to the memcached launcher; {@code container:IMAGE} and
 * {@code container-memcached:IMAGE} to the container launchers.
 */
record ServerChoice(String launcher, String distribution, String label) {
    static final String DEFAULT = MysqlLauncher.DEFAULT_DISTRIBUTION;

    /** The run header's line on the server bench picked when none was asked for. */
    static final String DEFAULT_NOTE = "# Server: " + MysqlLauncher.DEFAULT_EMBEDDED.title()
            + " (embedded default: runs with only a JDK; --server mysql-8.0 or mysql-5.7 for MySQL)";

    static ServerChoice parse(String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            throw new UsageException("--server needs a value, e.g. mariadb-11.4, mysql-8.0, mysql-5.7, system, memcached, container:IMAGE");
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
