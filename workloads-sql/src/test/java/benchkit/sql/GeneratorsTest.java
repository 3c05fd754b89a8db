package benchkit.sql;

import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Values the generators bind, captured by a recording statement (binding into a real server's
 * statements is covered by {@link SqlWorkloadTest}).
 */
class GeneratorsTest {
    private final SplittableRandom random = new SplittableRandom(42);

    @Test
    void zipfRanksFollowOneOverKToTheExponent() {
        ZipfianLongs zipf = new ZipfianLongs(10, 1.0);
        int n = 200_000;
        int[] counts = new int[11];
        for (int i = 0; i < n; i++) {
            long k = zipf.next(random);
            assertTrue(k >= 1 && k <= 10, "rank " + k);
            counts[(int) k]++;
        }
        double harmonic = 0;
        for (int k = 1; k <= 10; k++) {
            harmonic += 1.0 / k;
        }
        for (int k = 1; k <= 10; k++) {
            assertEquals(1.0 / k / harmonic, counts[k] / (double) n, 0.006, "share of rank " + k);
        }
    }

    @Test
    void uniformStaysInItsRangeAndReachesBothEnds() throws Exception {
        List<Object> values = bindMany(Generators.parse(List.of("uniform", "5", "8"), Path.of(".")), 4000);
        Set<Object> distinct = new HashSet<>(values);
        assertEquals(Set.of(5L, 6L, 7L, 8L), distinct);
    }

    @Test
    void zipfGeneratorStartsAtMin() throws Exception {
        List<Object> values = bindMany(Generators.parse(List.of("zipf", "100", "199", "1.2"), Path.of(".")), 5000);
        long atMin = values.stream().filter(v -> (Long) v == 100L).count();
        assertTrue(values.stream().allMatch(v -> (Long) v >= 100 && (Long) v <= 199));
        assertTrue(atMin > 1000, "the first value is the hottest: " + atMin);
    }

    @Test
    void stringsHaveTheirLengths() throws Exception {
        for (Object v : bindMany(Generators.parse(List.of("string", "3", "6"), Path.of(".")), 500)) {
            String s = (String) v;
            assertTrue(s.length() >= 3 && s.length() <= 6 && s.matches("[a-z0-9]+"), s);
        }
    }

    @Test
    void sequencesAreUniqueAcrossSessions() throws Exception {
        ValueSource seq = Generators.parse(List.of("seq", "1"), Path.of("."));
        Set<Object> seen = new HashSet<>();
        for (int t = 0; t < 3; t++) {
            List<Object> values = bindMany(seq.forSession(t, 3), 100);
            assertEquals(1L + t, values.get(0));
            seen.addAll(values);
        }
        assertEquals(300, seen.size());
        for (long v = 1; v <= 300; v++) {
            assertTrue(seen.contains(v), "missing " + v);
        }
    }

    @Test
    void csvDrawsEveryValueOfItsColumn(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("people.csv"), "id,name\n1,\"Smith, Jo\"\n2,Lee\n\n3,\"O\"\"Neil\"\n");
        Set<Object> byName = new HashSet<>(bindMany(Generators.parse(List.of("csv", "people.csv", "name"), dir), 300));
        assertEquals(Set.of("Smith, Jo", "Lee", "O\"Neil"), byName);
        Set<Object> byNumber = new HashSet<>(bindMany(Generators.parse(List.of("csv", "people.csv", "1"), dir), 300));
        assertEquals(Set.of("1", "2", "3"), byNumber);
    }

    @Test
    void csvCellsMaySpanLinesAndAShortRowIsNamedByItsLine(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("notes.csv"), "id,note\n1,\"two\nlines\"\n  \n2,plain\n");
        assertEquals(Set.of("two\nlines", "plain"),
                new HashSet<>(bindMany(Generators.parse(List.of("csv", "notes.csv", "note"), dir), 200)));
        java.nio.file.Files.writeString(dir.resolve("short.csv"), "id,note\n1,a\n\n2\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Generators.parse(List.of("csv", "short.csv", "note"), dir));
        assertEquals("csv: short.csv line 4 has no column 2", e.getMessage());
    }

    private List<Object> bindMany(ValueSource source, int n) throws Exception {
        List<Object> bound = new ArrayList<>();
        PreparedStatement recorder = (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{PreparedStatement.class}, (proxy, method, args) -> {
                    if (method.getName().startsWith("set")) {
                        bound.add(args[1]);
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        Request request = new Request(List.of(new RequestScript.Prepared("?", source.type())));
        for (int i = 0; i < n; i++) {
            source.fill(request, 0, random);
            request.prepared(0, Request.Kind.WRITE);
            request.bind(recorder);
        }
        return bound;
    }
}
