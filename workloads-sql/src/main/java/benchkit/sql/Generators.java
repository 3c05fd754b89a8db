package benchkit.sql;

import benchkit.mysql.script.Request;
import benchkit.mysql.wire.ParamType;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The value generators a {@code -- @param} line can name. Each {@code parse} failure is an
 * {@link IllegalArgumentException} whose message the parser prefixes with file and line.
 */
final class Generators {
    static final String USAGE = "uniform MIN MAX, zipf MIN MAX [EXPONENT], string MINLEN [MAXLEN], "
            + "seq START, csv FILE COLUMN";

    private Generators() {
    }

    /** {@code words} = the generator name and its arguments; relative CSV paths are resolved against {@code baseDir}. */
    static ValueSource parse(List<String> words, Path baseDir) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("@param needs a generator: " + USAGE);
        }
        String name = words.get(0);
        List<String> args = words.subList(1, words.size());
        switch (name) {
            case "uniform": {
                arity(name, args, 2, 2, "uniform MIN MAX");
                Range range = range(name, args);
                return uniform(range.min(), range.max());
            }
            case "zipf": {
                arity(name, args, 2, 3, "zipf MIN MAX [EXPONENT]");
                Range range = range(name, args);
                double exponent = args.size() > 2 ? number(name, "EXPONENT", args.get(2)) : 0.8;
                if (!(exponent > 0)) {
                    throw new IllegalArgumentException("zipf: EXPONENT must be above 0, not " + args.get(2));
                }
                return zipf(range.min(), range.max(), exponent);
            }
            case "string": {
                arity(name, args, 1, 2, "string MINLEN [MAXLEN]");
                long minLen = whole(name, "MINLEN", args.get(0));
                long maxLen = args.size() > 1 ? whole(name, "MAXLEN", args.get(1)) : minLen;
                if (minLen < 0 || maxLen < minLen || maxLen > 65535) {
                    throw new IllegalArgumentException("string: lengths must satisfy 0 <= MINLEN <= MAXLEN <= 65535");
                }
                return strings((int) minLen, (int) maxLen);
            }
            case "seq": {
                arity(name, args, 1, 1, "seq START");
                return new Sequence(whole(name, "START", args.get(0)), 0, 1);
            }
            case "csv": {
                arity(name, args, 2, 2, "csv FILE COLUMN");
                return csv(baseDir.resolve(args.get(0)), args.get(1));
            }
            default:
                throw new IllegalArgumentException("unknown generator '" + name + "'; valid: " + USAGE);
        }
    }

    static ValueSource uniform(long min, long max) {
        long span = max - min + 1; // 0 when the range is all longs
        return ValueSource.longs(r -> span <= 0 ? r.nextLong() : min + r.nextLong(span));
    }

    static ValueSource zipf(long min, long max, double exponent) {
        ZipfianLongs ranks = new ZipfianLongs(max - min + 1, exponent);
        return ValueSource.longs(r -> min + ranks.next(r) - 1);
    }

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    static ValueSource strings(int minLen, int maxLen) {
        return ValueSource.strings(r -> {
            int len = minLen == maxLen ? minLen : minLen + r.nextInt(maxLen - minLen + 1);
            char[] chars = new char[len];
            for (int k = 0; k < len; k++) {
                chars[k] = ALPHABET[r.nextInt(ALPHABET.length)];
            }
            return new String(chars);
        });
    }

    /** Unique across sessions: thread t of T gives START+t, START+t+T, START+t+2T, ... */
    static final class Sequence implements ValueSource {
        private final long start;
        private final long step;
        private long next;

        Sequence(long start, int thread, int threads) {
            this.start = start;
            this.step = threads;
            this.next = start + thread;
        }

        @Override
        public ParamType type() {
            return ParamType.LONG;
        }

        @Override
        public void fill(Request request, int index, SplittableRandom random) {
            request.setLong(index, next);
            next += step;
        }

        @Override
        public ValueSource forSession(int thread, int threads) {
            return new Sequence(start, thread, threads);
        }
    }

    /** A random value of one column of a CSV file whose first line names the columns. */
    static ValueSource csv(Path file, String column) {
        List<List<String>> rows = new ArrayList<>();
        List<Integer> lineNumbers = new ArrayList<>();
        CsvMapper mapper = CsvMapper.builder().enable(CsvParser.Feature.WRAP_AS_ARRAY)
                .enable(CsvParser.Feature.SKIP_EMPTY_LINES).build();
        try (MappingIterator<List<String>> records = mapper.readerForListOf(String.class).readValues(file.toFile())) {
            while (records.hasNextValue()) {
                lineNumbers.add(records.getCurrentLocation().getLineNr());
                rows.add(records.nextValue());
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("csv: cannot read " + file + ": " + e.getClass().getSimpleName());
        }
        if (rows.size() < 2) {
            throw new IllegalArgumentException("csv: " + file + " needs a header line and at least one row");
        }
        List<String> header = rows.get(0);
        int col = header.indexOf(column);
        if (col < 0) {
            try {
                col = Integer.parseInt(column) - 1;
            } catch (NumberFormatException e) {
                col = -1;
            }
        }
        if (col < 0 || col >= header.size()) {
            throw new IllegalArgumentException("csv: " + file.getFileName() + " has no column '" + column
                    + "'; columns: " + String.join(", ", header));
        }
        List<String> values = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> cells = rows.get(i);
            if (col >= cells.size()) {
                throw new IllegalArgumentException("csv: " + file.getFileName() + " line " + lineNumbers.get(i)
                        + " has no column " + (col + 1));
            }
            values.add(cells.get(col));
        }
        String[] pool = values.toArray(new String[0]);
        return ValueSource.strings(r -> pool[r.nextInt(pool.length)]);
    }

    private static void arity(String name, List<String> args, int min, int max, String usage) {
        if (args.size() < min || args.size() > max) {
            throw new IllegalArgumentException(name + " takes " + (min == max ? min : min + " to " + max)
                    + " argument" + (max == 1 ? "" : "s") + ": " + usage);
        }
    }

    /** A generator's MIN and MAX (its first two arguments), MAX not below MIN. */
    private record Range(long min, long max) {
    }

    private static Range range(String name, List<String> args) {
        long min = whole(name, "MIN", args.get(0));
        long max = whole(name, "MAX", args.get(1));
        if (max < min) {
            throw new IllegalArgumentException(name + ": MAX " + max + " is below MIN " + min);
        }
        return new Range(min, max);
    }

    private static long whole(String generator, String what, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(generator + ": " + what + " must be a whole number, not '" + text + "'");
        }
    }

    private static double number(String generator, String what, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(generator + ": " + what + " must be a number, not '" + text + "'");
        }
    }
}
