package benchkit.mysql.script;

import benchkit.mysql.wire.ParamType;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a request binds to a JDBC statement (the wire client's encoding runs against real servers in the workloads' tests). */
class RequestTest {
    private static final List<RequestScript.Prepared> STATEMENTS = List.of(
            new RequestScript.Prepared("SELECT ?", ParamType.INT),
            new RequestScript.Prepared("INSERT INTO t VALUES (?, ?, ?, ?)", "t.sql:3",
                    ParamType.LONG, ParamType.STRING, ParamType.BYTES, ParamType.INT));

    @Test
    void bindsEachParameterWithTheSetterOfItsType() throws Exception {
        Request r = new Request(STATEMENTS);
        byte[] value = {1, 2, 3};
        r.setLong(0, 5_000_000_000L);
        r.setString(1, "naïve");
        r.setBytes(2, value);
        r.setInt(3, -7);
        r.prepared(1, Request.Kind.WRITE);
        List<String> calls = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        r.bind(recorder(calls, values));
        assertEquals(List.of("setLong 1", "setString 2", "setBytes 3", "setInt 4"), calls);
        assertEquals(5_000_000_000L, values.get(0));
        assertEquals("naïve", values.get(1));
        assertArrayEquals(value, (byte[]) values.get(2));
        assertEquals(-7, values.get(3));
        assertEquals("INSERT INTO t VALUES (?, ?, ?, ?) | 5000000000,naïve,3 bytes,-7 | WRITE", r.toString());
    }

    @Test
    void aTextRequestNamesItsKind() {
        Request r = new Request(STATEMENTS);
        r.text("BEGIN", Request.Kind.BEGIN);
        assertEquals("BEGIN | BEGIN", r.toString());
        r.setInt(0, 42);
        r.prepared(0, Request.Kind.LOOKUP);
        assertEquals("SELECT ? | 42 | LOOKUP", r.toString());
    }

    @Test
    void anUnpreparedScriptSendsEachRequestAsTextWithItsLiterals() {
        RequestScript script = new RequestScript() {
            private int step;

            @Override
            public List<Prepared> statements() {
                return List.of(new Prepared("SELECT c FROM t WHERE id=? AND c<>'?'", ParamType.INT),
                        new Prepared("INSERT INTO t VALUES (?, ?, ?)", ParamType.LONG, ParamType.STRING, ParamType.BYTES));
            }

            @Override
            public void startEvent() {
                step = 0;
            }

            @Override
            public boolean next(Request r) {
                switch (step++) {
                    case 0 -> r.text("BEGIN", Request.Kind.BEGIN);
                    case 1 -> {
                        r.setInt(0, -42);
                        r.prepared(0, Request.Kind.READ);
                    }
                    case 2 -> {
                        r.setLong(0, 5_000_000_000L);
                        r.setString(1, "it's a \\ test");
                        r.setBytes(2, new byte[]{0, (byte) 0xab, 0x7f});
                        r.prepared(1, Request.Kind.WRITE);
                    }
                    default -> {
                        return false;
                    }
                }
                return true;
            }
        };
        UnpreparedScript unprepared = new UnpreparedScript(script);
        assertEquals(List.of(), unprepared.statements());
        Request r = new Request(unprepared.statements());
        List<String> sent = new ArrayList<>();
        unprepared.startEvent();
        while (unprepared.next(r)) {
            sent.add(r.toString());
        }
        // a ? inside a quoted literal stays; the string's quote and backslash are escaped
        assertEquals(List.of("BEGIN | BEGIN", "SELECT c FROM t WHERE id=-42 AND c<>'?' | READ",
                "INSERT INTO t VALUES (5000000000, 'it\\'s a \\\\ test', X'00ab7f') | WRITE"), sent);
    }

    private static PreparedStatement recorder(List<String> calls, List<Object> values) {
        return (PreparedStatement) Proxy.newProxyInstance(RequestTest.class.getClassLoader(),
                new Class<?>[]{PreparedStatement.class}, (proxy, method, args) -> {
                    calls.add(method.getName() + " " + args[0]);
                    values.add(args[1]);
                    return null;
                });
    }
}
