package benchkit.memcached.sql;

import benchkit.memcached.kv.KvEvents;
import benchkit.mysql.script.OneRequestScript;
import benchkit.mysql.script.Request;
import benchkit.mysql.wire.ParamType;

import java.util.List;

/**
 * One client thread of the SQL baseline as a script: a get is {@code SELECT v FROM kv WHERE k=?}, a
 * set is {@code INSERT ... ON DUPLICATE KEY UPDATE}, both prepared once per connection, in autocommit.
 * Counted as the memcached sessions: set {@code writes(1)}, hit {@code reads(1)}, miss
 * {@code others(1)} (still OK). The session's error policy applies: a listed code is an ignored error
 * (autocommit: nothing to roll back), a lost connection reconnects and retries.
 */
final class SqlKvEvents extends OneRequestScript {
    private static final int GET = 0;
    private static final int SET = 1;

    private final KvEvents events;
    private final List<Prepared> statements;

    SqlKvEvents(String table, KvEvents events) {
        this.events = events;
        this.statements = List.of(new Prepared(SqlKvSchema.select(table), ParamType.STRING),
                new Prepared(SqlKvSchema.upsert(table, 1), ParamType.STRING, ParamType.BYTES));
    }

    @Override
    public List<Prepared> statements() {
        return statements;
    }

    @Override
    protected void fill(Request r) {
        boolean isSet = events.nextIsSet();
        r.setString(0, events.nextKey());
        if (isSet) {
            r.setBytes(1, events.nextValue());
            r.prepared(SET, Request.Kind.WRITE);
        } else {
            r.prepared(GET, Request.Kind.LOOKUP);
        }
    }
}
