package benchkit.core.result;

import java.io.IOException;

/**
 * One result file of a run (as JMH's {@code ResultFormat} is one output of its results): each writer gets the whole
 * {@link RunRecord} and writes its file whole or not at all.
 */
public interface ResultWriter {
    /** The file it writes in the run's directory, for messages. */
    String fileName();

    void write(RunRecord run) throws IOException;

    /** What writes one file of a run record. */
    @FunctionalInterface
    interface Write {
        void write(RunRecord run) throws IOException;
    }

    /** The writer of {@code fileName}, by {@code write}. */
    static ResultWriter of(String fileName, Write write) {
        return new ResultWriter() {
            @Override
            public String fileName() {
                return fileName;
            }

            @Override
            public void write(RunRecord run) throws IOException {
                write.write(run);
            }
        };
    }
}
