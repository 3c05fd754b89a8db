package benchkit.history;

import benchkit.core.report.JmhResultReader;
import benchkit.core.result.VariantResult;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run as the store keeps it: its two result files as they were written (so any later analysis can be redone from
 * the store), when it started, the machine it ran on and the labels the user gave it.
 *
 * @param key       SHA-256 of the two files: the same run added twice is stored once
 * @param startedAt when the run started (its run.json; the file's time when it has none)
 * @param machine   the label that makes runs comparable: the user's {@code machine} label, else the machine's facts
 * @param labels    the user's labels, e.g. {@code commit=abc123}, {@code branch=main}
 * @param source    the directory it was read from, as given
 * @param jmhResult jmh-result.json's text
 * @param runJson   run.json's text; empty when the directory had none
 */
public record StoredRun(String key, Instant startedAt, String machine, Map<String, String> labels, String source,
                        String jmhResult, String runJson) {
    /** The label that names the machine when the user gives one. */
    public static final String MACHINE_LABEL = "machine";

    public StoredRun {
        labels = Collections.unmodifiableMap(new TreeMap<>(labels));
    }

    /** The results, read again from the stored jmh-result.json. */
    public List<VariantResult> results() {
        return JmhResultReader.parse(jmhResult, "stored run " + shortKey());
    }

    /** The first 12 characters of the key, as the CLI shows and takes it. */
    public String shortKey() {
        return key.substring(0, Math.min(12, key.length()));
    }

    /** How the run is named in a message: its commit or other labels when it has them, then its start and key. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        labels.forEach((k, v) -> {
            if (!k.equals(MACHINE_LABEL)) {
                sb.append(sb.isEmpty() ? "" : ", ").append(k).append('=').append(v);
            }
        });
        return (sb.isEmpty() ? "" : sb + ", ") + "started " + startedAt + " (" + shortKey() + ")";
    }
}
