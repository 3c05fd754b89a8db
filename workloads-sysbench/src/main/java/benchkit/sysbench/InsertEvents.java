package benchkit.sysbench;

import benchkit.mysql.script.OneRequestScript;
import benchkit.mysql.script.Request;
import java.util.List;

/**
 * oltp_insert.lua's event: one text-protocol INSERT into a table picked uniformly; id 0 (the
 * server assigns it) with --auto-inc, else a value of sysbench's unique sequence. Builds each
 * statement in one reused buffer.
 */
final class InsertEvents extends OneRequestScript {
    private final OltpOptions options;
    private final SbRandom random;
    private final RowValues values;
    private final UniqueIds uniqueIds;
    private final StringBuilder sql = new StringBuilder(256);

    InsertEvents(OltpOptions options, int thread, UniqueIds uniqueIds) {
        this.options = options;
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        this.uniqueIds = uniqueIds;
    }

    /** oltp_insert.lua prepares nothing: its INSERTs are plain queries. */
    @Override
    public List<Prepared> statements() {
        return List.of();
    }

    @Override
    protected void fill(Request r) {
        r.text(nextInsert(), Request.Kind.WRITE);
    }

    /** The next event's statement; valid until the next call. */
    private CharSequence nextInsert() {
        int table = random.uniform(1, options.tables());
        int k = random.next(1, options.tableSize());
        long id = options.autoInc() ? 0 : uniqueIds.next() - 2147483648L;
        sql.setLength(0);
        sql.append("INSERT INTO ").append(options.tableName(table)).append(" (id, k, c, pad) VALUES (")
                .append(id).append(", ").append(k).append(", '");
        for (byte b : values.nextC()) {
            sql.append((char) b);
        }
        sql.append("', '");
        for (byte b : values.nextPad()) {
            sql.append((char) b);
        }
        return sql.append("')");
    }
}
