package benchkit.core.merge;

import benchkit.core.result.IterationRecord;
import benchkit.core.result.LatencyLog;
import benchkit.core.result.TrialRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Reads one iteration's latency out of a trial's HdrHistogram log, and writes a merged run's log. */
final class LatencyIntervals {

    private LatencyIntervals() {
    }

    static Histogram newHistogram() {
        return new Histogram(2);     // auto-resizing: the workers' histograms are added whatever their range
    }

    /**
     * One iteration's latency (ns): of all its events, and of each kind of event the log holds ({@link LatencyLog#kindOf};
     * none in a log of a workload that names no kinds, or of a bench before kinds were logged).
     */
    record Iteration(Histogram all, Map<String, Histogram> kinds) {
        static Iteration empty() {
            return new Iteration(newHistogram(), new TreeMap<>());
        }

        /** Adds another worker's latency of the same iteration. */
        void add(Iteration other) {
            all.add(other.all());
            other.kinds().forEach((kind, h) -> kinds.computeIfAbsent(kind, k -> newHistogram()).add(h));
        }
    }

    /**
     * The latency (ns) of one iteration of a worker: the log's intervals between the iteration's start and end.
     * Their count must be the iteration's events (they are counted from the same histograms); a log that does not
     * hold them all cannot give a measured iteration's merged percentiles, and says so.
     */
    static Iteration of(Path workerDir, TrialRecord trial, IterationRecord it) throws IOException {
        Path file = workerDir.resolve(LatencyLog.DIR).resolve(LatencyLog.fileName(trial.variant(), trial.threads(), trial.fork()));
        Iteration latency = Iteration.empty();
        Histogram sum = latency.all();
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a link to /dev/zero or a FIFO would be read for ever
            throw new IncompleteLogException(file + " is not a regular file (a device or a FIFO), so it holds no latency of "
                    + WorkerMerge.where(trial, it));
        }
        try (InputStream in = new benchkit.core.result.LatencyLogStream(new java.io.BufferedInputStream(
                Files.newInputStream(file)))) {
            HistogramLogReader reader = new HistogramLogReader(in);
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                // an interval belongs to the iteration whose window holds its middle: its bounds are written to the ms,
                // so a 1-ms tail of the iteration before (cut at that iteration's end) fits a window widened by a ms
                // at each end as well, and was counted twice
                double middle = (h.getStartTimeStamp() + h.getEndTimeStamp()) / 2.0;
                if (middle >= it.startMillis() && middle <= it.endMillis()) {
                    String kind = LatencyLog.kindOf(h.getTag());
                    // a kind's interval repeats events of the totals' own
                    (kind == null ? sum : latency.kinds().computeIfAbsent(kind, k -> newHistogram())).add((Histogram) h);
                }
            }
        } catch (NoSuchFileException e) {
            throw new IncompleteLogException(workerDir + " has no latency log " + file.getFileName() + " for "
                    + WorkerMerge.where(trial, it));
        }
        // a warmup or invalid iteration is in no score: when a worker was held up (a stall, a stopped process) an
        // interval at its edge can hold an event the iteration did not count, and the merge keeps what the log holds
        // rather than refuse the valid iterations with it
        if (sum.getTotalCount() != it.events() && it.valid() && !it.warmup()) {
            throw new IncompleteLogException("the latency log " + file + " holds " + sum.getTotalCount() + " of the "
                    + it.events() + " events of " + WorkerMerge.where(trial, it));
        }
        return latency;
    }

    /**
     * Writes the merged run's latency logs: per trial, one interval per iteration holding every worker's latency.
     * Returns the files it could not write (the merge's other results are still written).
     */
    static List<String> writeMerged(Path out, Map<TrialRecord, List<Iteration>> latencyByTrial) {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<TrialRecord, List<Iteration>> e : latencyByTrial.entrySet()) {
            TrialRecord t = e.getKey();
            if (t.iterations().isEmpty()) {
                continue;
            }
            try (LatencyLog log = LatencyLog.open(out, t.variant(), t.threads(), t.fork(), t.iterations().get(0).startMillis())) {
                for (int i = 0; i < t.iterations().size(); i++) {
                    IterationRecord it = t.iterations().get(i);
                    Iteration latency = e.getValue().get(i);
                    log.interval(latency.all(), it.startMillis(), it.endMillis(), it.warmup());
                    for (Map.Entry<String, Histogram> kind : latency.kinds().entrySet()) {
                        log.kindInterval(kind.getKey(), kind.getValue(), it.startMillis(), it.endMillis(), it.warmup());
                    }
                }
            } catch (IOException ex) {
                failures.add("could not write the merged latency log of " + t.variant() + " at " + t.threads() + " threads: " + ex.getMessage());
            }
        }
        return failures;
    }

    /** A worker's latency log that cannot give an iteration's percentiles. */
    static final class IncompleteLogException extends IOException {
        IncompleteLogException(String message) {
            super(message);
        }
    }
}
