package benchkit.sysbench;

import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import java.util.List;

/**
 * bulk_insert.lua's event: one row {@code (n,n)} added to a multi-row INSERT into the thread's own table, n
 * counting on from {@code after}. The INSERT is sent when the next row would take it past 512 KiB (sysbench's
 * {@code BULK_PACKET_SIZE}, db_driver.c), so most events send nothing; the rows still held are sent when the
 * session closes, as sysbench's thread_done does. No COMMIT: sysbench's MySQL driver runs them in autocommit.
 */
final class BulkInsertEvents implements RequestScript {
    static final int PACKET_BYTES = 512 * 1024;
    private final StringBuilder sql = new StringBuilder(PACKET_BYTES);
    private final int prefix;
    private long id;
    private int rows;
    /** A row that did not fit: it starts the next INSERT once the full one has been answered. */
    private String waiting;
    private boolean sendDue;
    private boolean sent;

    BulkInsertEvents(String table, long after) {
        sql.append("INSERT INTO ").append(table).append(" VALUES");
        this.prefix = sql.length();
        this.id = after;
    }

    @Override
    public List<Prepared> statements() {
        return List.of();
    }

    @Override
    public void startEvent() {
        if (sent || sendDue) {
            restart();      // answered, or lost with its connection (then this retry goes on with the next rows)
        }
        id++;
        String row = "(" + id + "," + id + ")";
        if (rows > 0 && sql.length() + 1 + row.length() > PACKET_BYTES) {
            waiting = row;
            sendDue = true;
        } else {
            add(row);
        }
    }

    @Override
    public boolean next(Request request) {
        if (sendDue) {
            sendDue = false;
            sent = true;
            request.text(sql, Request.Kind.WRITE);
            return true;
        }
        if (sent) {
            restart();
        }
        return false;
    }

    @Override
    public boolean finish(Request request) {
        if (sent) {
            restart();
        }
        if (rows == 0) {
            return false;
        }
        sent = true;
        request.text(sql, Request.Kind.WRITE);
        return true;
    }

    /** A new INSERT, holding the row that waited, if any. */
    private void restart() {
        sql.setLength(prefix);
        rows = 0;
        sent = false;
        sendDue = false;
        if (waiting != null) {
            add(waiting);
            waiting = null;
        }
    }

    private void add(String row) {
        sql.append(rows > 0 ? "," : "").append(row);
        rows++;
    }
}
