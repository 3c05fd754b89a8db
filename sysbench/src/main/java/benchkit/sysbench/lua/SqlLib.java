package benchkit.sysbench.lua;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.QueryCounter;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sysbench.sql}: the driver, its connections, prepared statements with their bind parameters, and result sets,
 * as sysbench 1.0.20's {@code sysbench.sql.lua} defines them for a script, over a JDBC connection. Queries are counted
 * as sysbench's MySQL driver counts them: a result set is a read, a statement that changed rows a write, anything
 * else other. An error follows sysbench's rule: a code in {@code --mysql-ignore-errors} (or one the script's
 * {@code sysbench.hooks.sql_error_ignorable} accepts) restarts the event, a lost connection reconnects first, any
 * other ends the script with sysbench's {@code SQL error, errno = N, state = 'S': message}.
 */
final class SqlLib {
    /** sysbench's {@code sysbench.error.RESTART_EVENT}: an error table with it makes the event run again. */
    static final int RESTART_EVENT = 1;
    /** sysbench's {@code sb_counter_type}: OTHER, READ, WRITE, TRX, ERROR, RECONNECT. */
    static final int CNT_OTHER = 0;
    static final int CNT_READ = 1;
    static final int CNT_WRITE = 2;
    static final int CNT_ERROR = 4;
    static final int CNT_RECONNECT = 5;
    /** sysbench's bulk insert sends its buffered rows once they pass this many bytes (db_driver.c). */
    private static final int BULK_PACKET_SIZE = 512 * 1024;

    /** Where connections come from: bench's connector to the target. */
    interface Connector {
        Connection open() throws SQLException;

        /** Where it connects, as sysbench names it: {@code socket '/run/mysqld/mysqld.sock'}, {@code host 'db1', port 3306}. */
        String where();
    }

    /** What one state's connections count and ask: the counters, the ignored codes, the script's hooks. */
    /**
     * @param emulatePrepared {@code --db-ps-mode=disable}: a prepared statement is sent as text, and its rows can be
     *                        fetched as a query's
     */
    record Context(Connector connector, IgnoredErrors ignored, QueryCounter queries, Counts counts, LuaTable hooks,
                   PrintStream out, boolean dryRun, boolean emulatePrepared, java.util.concurrent.atomic.AtomicBoolean driverUsed,
                   String driverName) {
    }

    /** Errors and reconnects of one state, which sysbench counts beside the queries. */
    static final class Counts {
        volatile long errors;
        volatile long reconnects;
    }

    /** sysbench.sql.type: the values of sysbench's sql_bind_type_t. */
    static LuaTable types() {
        LuaTable t = new LuaTable();
        String[] names = {"NONE", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "TIME", "DATE", "DATETIME",
                "TIMESTAMP", "CHAR", "VARCHAR"};
        for (int i = 0; i < names.length; i++) {
            t.set(names[i], i);
        }
        return t;
    }

    private static final int TYPE_BIGINT = 4;
    private static final int TYPE_DOUBLE = 6;
    private static final int TYPE_VARCHAR = 12;

    private final Context ctx;
    /** The script's connections, which end with its state (sysbench frees them when it closes the state). */
    private final List<ConnectionHandle> connections = new ArrayList<>();
    private final LuaTable connectionMeta = new LuaTable();
    private final LuaTable statementMeta = new LuaTable();
    private final LuaTable paramMeta = new LuaTable();
    private final LuaTable resultMeta = new LuaTable();

    SqlLib(Context ctx) {
        this.ctx = ctx;
        LuaTable con = new LuaTable();
        con.set("query", method((c, a) -> c.query(a.checkjstring(2))));
        con.set("query_row", method((c, a) -> c.queryRow(a.checkjstring(2))));
        con.set("prepare", method((c, a) -> c.prepare(a.checkjstring(2))));
        con.set("bulk_insert_init", method((c, a) -> c.bulkInit(a.checkjstring(2))));
        con.set("bulk_insert_next", method((c, a) -> c.bulkNext(a.checkjstring(2))));
        con.set("bulk_insert_done", method((c, a) -> c.bulkDone()));
        con.set("disconnect", method((c, a) -> c.disconnect()));
        con.set("reconnect", method((c, a) -> c.reconnect()));
        connectionMeta.set(LuaValue.INDEX, con);
        connectionMeta.set(LuaValue.TOSTRING, constant("<sql_connection>"));

        LuaTable stmt = new LuaTable();
        stmt.set("bind_create", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs a) {
                return new LuaUserdata(new Param(a.checkint(2), a.optint(3, 0)), paramMeta);
            }
        });
        stmt.set("bind_param", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs a) {
                StatementHandle s = (StatementHandle) a.checkuserdata(1, StatementHandle.class);
                s.params.clear();
                for (int i = 2; i <= a.narg(); i++) {
                    s.params.add((Param) a.checkuserdata(i, Param.class));
                }
                return LuaValue.valueOf(0);
            }
        });
        stmt.set("execute", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return ((StatementHandle) self.checkuserdata(StatementHandle.class)).execute();
            }
        });
        stmt.set("close", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                ((StatementHandle) self.checkuserdata(StatementHandle.class)).close();
                return LuaValue.valueOf(0);
            }
        });
        statementMeta.set(LuaValue.INDEX, stmt);
        statementMeta.set(LuaValue.TOSTRING, constant("<sql_statement>"));

        LuaTable param = new LuaTable();
        param.set("set", new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue self, LuaValue value) {
                ((Param) self.checkuserdata(Param.class)).set(value);
                return LuaValue.NIL;
            }
        });
        param.set("set_rand_str", new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue self, LuaValue fmt) {
                ((Param) self.checkuserdata(Param.class)).setRandomString(fmt.checkjstring(), random);
                return LuaValue.NIL;
            }
        });
        paramMeta.set(LuaValue.INDEX, param);
        paramMeta.set(LuaValue.TOSTRING, constant("<sql_param>"));

        LuaTable rs = new LuaTable();
        rs.set("fetch_row", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return ((Rows) self.checktable().get("__rows").checkuserdata(Rows.class)).next(ctx.out());
            }
        });
        rs.set("free", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return LuaValue.TRUE;
            }
        });
        resultMeta.set(LuaValue.INDEX, rs);
        resultMeta.set(LuaValue.TOSTRING, constant("<sql_result>"));
    }

    /** Closes what the script left open. */
    void closeAll() {
        connections.forEach(ConnectionHandle::disconnect);
        connections.clear();
    }

    /**
     * {@code sysbench.db}: sysbench 0.5's API, one implicit connection per state, made at the first call that needs
     * it as sysbench 1.0.20 makes it: connect, disconnect, query and the bulk insert (prepared statements of that API
     * are not there: such a script stops at them with a line that names them).
     */
    LuaTable legacyDb() {
        LuaTable db = new LuaTable();
        ConnectionHandle[] implicit = new ConnectionHandle[1];
        java.util.function.Supplier<ConnectionHandle> con = () -> {
            if (implicit[0] == null) {
                ctx.driverUsed().set(true);
                implicit[0] = new ConnectionHandle();
            }
            return implicit[0];
        };
        db.set("connect", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs a) {
                con.get();
                return LuaValue.NONE;
            }
        });
        db.set("disconnect", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs a) {
                if (implicit[0] != null) {
                    implicit[0].disconnect();
                    connections.remove(implicit[0]);
                    implicit[0] = null;
                }
                return LuaValue.NONE;
            }
        });
        db.set("query", onImplicit(con, (c, a) -> c.query(a.checkjstring(1))));
        db.set("bulk_insert_init", onImplicit(con, (c, a) -> c.bulkInit(a.checkjstring(1))));
        db.set("bulk_insert_next", onImplicit(con, (c, a) -> c.bulkNext(a.checkjstring(1))));
        db.set("bulk_insert_done", onImplicit(con, (c, a) -> c.bulkDone()));
        return db;
    }

    /** A function of sysbench 0.5's API: {@code method} on the state's implicit connection, with the call's arguments. */
    private static VarArgFunction onImplicit(java.util.function.Supplier<ConnectionHandle> con, ConnectionMethod method) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return method.apply(con.get(), args);
            }
        };
    }

    /** Filled in by the state: sysbench.rand.string's generator, for set_rand_str. */
    private RandomStrings random;

    interface RandomStrings {
        String string(String format);
    }

    void randomStrings(RandomStrings r) {
        this.random = r;
    }

    /** {@code sysbench.sql.driver([name])}: the one driver bench has, mysql. */
    LuaValue driverFunction() {
        LuaTable driverMeta = new LuaTable();
        LuaTable methods = new LuaTable();
        methods.set("connect", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return new LuaUserdata(new ConnectionHandle(), connectionMeta);
            }
        });
        methods.set("name", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return LuaValue.valueOf("mysql");
            }
        });
        driverMeta.set(LuaValue.INDEX, methods);
        driverMeta.set(LuaValue.TOSTRING, constant("<sql_driver>"));
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                String driver = name.isnil() ? ctx.driverName() : name.tojstring();
                if (!driver.equals("mysql")) {
                    ctx.out().println("FATAL: invalid database driver name: '" + driver + "'");
                    throw new LuaError("failed to initialize the DB driver");
                }
                ctx.driverUsed().set(true);
                return new LuaUserdata(new Object(), driverMeta);
            }
        };
    }

    private static LuaValue constant(String text) {
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return LuaValue.valueOf(text);
            }
        };
    }

    private interface ConnectionMethod {
        Varargs apply(ConnectionHandle c, Varargs args);
    }

    private static VarArgFunction method(ConnectionMethod m) {
        return new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return m.apply((ConnectionHandle) args.checkuserdata(1, ConnectionHandle.class), args);
            }
        };
    }

    /** One connection of the script's: opened at connect(), as sysbench's driver connects there. */
    private final class ConnectionHandle {
        private Connection connection;
        /** The statement text queries go through, one per connection (a new one per query costs the driver more). */
        private Statement text;
        private final List<StatementHandle> statements = new ArrayList<>();
        private StringBuilder bulk;
        private int bulkPrefix;

        ConnectionHandle() {
            connect();
            connections.add(this);
        }

        private void connect() {
            if (ctx.dryRun()) {
                return;
            }
            try {
                connection = ctx.connector().open();
            } catch (SQLException e) {
                // sysbench's MySQL driver says where and why, then its Lua API raises the error
                ctx.out().println("FATAL: unable to connect to MySQL server on " + ctx.connector().where() + ", aborting...");
                ctx.out().println("FATAL: error " + e.getErrorCode() + ": " + serverMessage(e).lines().findFirst().orElse(""));
                throw new LuaError("connection creation failed");
            }
        }

        LuaValue query(String sql) {
            if (ctx.dryRun()) {
                ctx.queries().others(1);     // sysbench's dry run counts each query it does not send as other
                return LuaValue.NIL;
            }
            try {
                if (text == null) {
                    text = connection.createStatement();
                }
                Statement s = text;
                if (s.execute(sql)) {
                    try (ResultSet r = s.getResultSet()) {
                        ctx.queries().reads(1);
                        return resultSet(r, true);
                    }
                }
                count(s.getUpdateCount());
                return LuaValue.NIL;
            } catch (SQLException e) {
                throw failure(this, e, sql);
            }
        }

        /** The first row's values, or nothing when there is none (sysbench's {@code unpack(rs:fetch_row(), 1, nfields)}). */
        Varargs queryRow(String sql) {
            LuaValue rs = query(sql);
            if (rs.isnil() || rs.get("nrows").toint() == 0) {
                return LuaValue.NIL;
            }
            LuaTable row = ((Rows) rs.get("__rows").checkuserdata(Rows.class)).row(0);
            LuaValue[] values = new LuaValue[rs.get("nfields").toint()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(i + 1);
            }
            return LuaValue.varargsOf(values);
        }

        LuaValue prepare(String sql) {
            StatementHandle s = new StatementHandle(this, sql);
            statements.add(s);
            return new LuaUserdata(s, statementMeta);
        }

        LuaValue bulkInit(String sql) {
            bulk = new StringBuilder(sql);
            bulkPrefix = sql.length();
            return LuaValue.TRUE;
        }

        LuaValue bulkNext(String values) {
            if (bulk == null) {
                throw new LuaError("db_bulk_insert_next() failed");
            }
            if (bulk.length() > bulkPrefix && bulk.length() + values.length() + 1 > BULK_PACKET_SIZE) {
                flushBulk();
            }
            bulk.append(bulk.length() > bulkPrefix ? "," : " ").append(values);
            return LuaValue.TRUE;
        }

        LuaValue bulkDone() {
            if (bulk != null && bulk.length() > bulkPrefix) {
                flushBulk();
            }
            bulk = null;
            return LuaValue.TRUE;
        }

        private void flushBulk() {
            String sql = bulk.toString();
            bulk.setLength(bulkPrefix);
            query(sql);
        }

        LuaValue disconnect() {
            statements.forEach(StatementHandle::close);
            statements.clear();
            close();
            return LuaValue.TRUE;
        }

        LuaValue reconnect() {
            close();
            connect();
            ctx.counts().reconnects++;
            statements.forEach(StatementHandle::forget);
            return LuaValue.TRUE;
        }

        void close() {
            text = null;            // closed with its connection
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException ignored) {
                    // closing a connection that is gone: nothing left to free
                }
                connection = null;
            }
        }

        private void count(int updated) {
            if (updated > 0) {
                ctx.queries().writes(1);
            } else {
                ctx.queries().others(1);
            }
        }

        /** The rows of {@code r}, all read at once; {@code withFields}: they can be fetched (a prepared one's cannot). */
        private LuaValue resultSet(ResultSet r, boolean withFields) throws SQLException {
            int fields = withFields ? r.getMetaData().getColumnCount() : 0;
            List<String[]> rows = new ArrayList<>();
            int count = 0;
            while (r.next()) {
                count++;
                if (!withFields) {
                    continue;
                }
                String[] row = new String[fields];
                for (int i = 0; i < fields; i++) {
                    row[i] = r.getString(i + 1);
                }
                rows.add(row);
            }
            LuaTable rs = new LuaTable();
            rs.set("nrows", count);
            rs.set("nfields", fields);
            rs.set("__rows", new LuaUserdata(new Rows(rows, fields)));
            rs.setmetatable(resultMeta);
            return rs;
        }
    }

    /** A result set as sysbench keeps it: every row fetched from the server at once (mysql_store_result). */
    private static final class Rows {
        private final List<String[]> rows;
        private final int fields;
        private int next;

        Rows(List<String[]> rows, int fields) {
            this.rows = rows;
            this.fields = fields;
        }

        /** The next row, nil after the last; none at all is sysbench's ALERT line (db_fetch_row) and nil. */
        LuaValue next(PrintStream out) {
            if (rows.isEmpty() || fields == 0) {
                out.println("ALERT: attempt to fetch row from an empty result set");
                return LuaValue.NIL;
            }
            return next < rows.size() ? row(next++) : LuaValue.NIL;
        }

        LuaTable row(int at) {
            String[] values = rows.get(at);
            LuaTable t = new LuaTable(values.length, 0);
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null) {
                    t.set(i + 1, LuaValue.valueOf(values[i]));
                }
            }
            return t;
        }
    }

    /** A bind parameter: sysbench keeps integers as BIGINT, floats as DOUBLE and strings as VARCHAR of max_len. */
    private static final class Param {
        final int type;
        final int maxLength;
        Object value;

        Param(int declared, int maxLength) {
            if (declared >= 1 && declared <= 4) {
                type = TYPE_BIGINT;
            } else if (declared == 5 || declared == TYPE_DOUBLE) {
                type = TYPE_DOUBLE;
            } else if (declared == 11 || declared == TYPE_VARCHAR) {
                type = TYPE_VARCHAR;
            } else {
                throw new LuaError("Unsupported argument type: " + declared);
            }
            this.maxLength = type == TYPE_VARCHAR ? maxLength : 8;
        }

        void set(LuaValue v) {
            if (v.isnil()) {
                value = null;
            } else if (type == TYPE_BIGINT) {
                value = v.checklong();
            } else if (type == TYPE_DOUBLE) {
                value = v.checkdouble();
            } else {
                String s = v.checkjstring();
                value = s.length() > maxLength ? s.substring(0, maxLength) : s;
            }
        }

        void setRandomString(String format, RandomStrings random) {
            if (type != TYPE_VARCHAR) {
                throw new LuaError("Unsupported argument type: " + type);
            }
            String s = random.string(format);
            value = s.length() > maxLength ? s.substring(0, maxLength) : s;
        }
    }

    /** A statement the script prepared: prepared on the server at its first execution after a (re)connect. */
    private final class StatementHandle {
        final ConnectionHandle connection;
        final String sql;
        final List<Param> params = new ArrayList<>();
        PreparedStatement prepared;

        StatementHandle(ConnectionHandle connection, String sql) {
            this.connection = connection;
            this.sql = sql;
            if (!ctx.dryRun()) {
                try {
                    prepared = connection.connection.prepareStatement(sql);
                } catch (SQLException e) {
                    throw failure(connection, e, sql);
                }
            }
        }

        LuaValue execute() {
            if (ctx.dryRun()) {
                ctx.queries().others(1);
                return LuaValue.NIL;
            }
            try {
                if (prepared == null) {
                    prepared = connection.connection.prepareStatement(sql);
                }
                for (int i = 0; i < params.size(); i++) {
                    Param p = params.get(i);
                    if (p.value == null) {
                        prepared.setNull(i + 1, p.type == TYPE_BIGINT ? Types.BIGINT : p.type == TYPE_DOUBLE
                                ? Types.DOUBLE : Types.VARCHAR);
                    } else if (p.type == TYPE_BIGINT) {
                        prepared.setLong(i + 1, (Long) p.value);
                    } else if (p.type == TYPE_DOUBLE) {
                        prepared.setDouble(i + 1, (Double) p.value);
                    } else {
                        prepared.setString(i + 1, (String) p.value);
                    }
                }
                if (prepared.execute()) {
                    try (ResultSet r = prepared.getResultSet()) {
                        ctx.queries().reads(1);
                        // sysbench stores a server-side statement's rows without binding them: none can be fetched
                        return connection.resultSet(r, ctx.emulatePrepared());
                    }
                }
                connection.count(prepared.getUpdateCount());
                return LuaValue.NIL;
            } catch (SQLException e) {
                throw failure(connection, e, "<prepared statement>");
            }
        }

        void forget() {
            prepared = null;
        }

        void close() {
            if (prepared != null) {
                try {
                    prepared.close();
                } catch (SQLException ignored) {
                    // as sysbench's db_close: a statement of a lost connection is gone with it
                }
                prepared = null;
            }
        }
    }

    /**
     * sysbench's check_error: an ignorable error (a listed code, or one the script's hook accepts) raises the error
     * table that restarts the event, after reconnecting a lost connection; any other prints sysbench's FATAL line and
     * raises its {@code SQL error, errno = ...} message, which ends the script.
     */
    private LuaError failure(ConnectionHandle connection, SQLException e, String query) {
        int code = e.getErrorCode();
        String state = e.getSQLState() == null ? "HY000" : e.getSQLState();
        String message = serverMessage(e);
        IgnoredErrors.Action action = ctx.ignored().actionFor(e);
        LuaTable desc = new LuaTable();
        desc.set("connection", LuaValue.NIL);
        desc.set("query", query);
        desc.set("sql_errno", code);
        desc.set("sql_state", state);
        desc.set("sql_errmsg", message);
        if (action == IgnoredErrors.Action.RECONNECT) {
            connection.reconnect();
            desc.set("errcode", RESTART_EVENT);
            return new LuaError(desc);
        }
        ctx.counts().errors++;
        LuaValue hook = ctx.hooks().get("sql_error_ignorable");
        if (action == IgnoredErrors.Action.IGNORE || hook.isfunction() && hook.call(desc).toboolean()) {
            desc.set("errcode", RESTART_EVENT);
            return new LuaError(desc);
        }
        ctx.out().println("FATAL: mysql_drv_query() returned error " + code + " (" + message + ") for query '" + query + "'");
        return new LuaError(String.format(java.util.Locale.ROOT, "SQL error, errno = %d, state = '%s': %s", code, state,
                message), 2);
    }

    /** The server's words, without the driver's {@code (conn=12) } prefix. */
    private static String serverMessage(SQLException e) {
        String m = String.valueOf(e.getMessage());
        return m.startsWith("(conn=") && m.contains(") ") ? m.substring(m.indexOf(") ") + 2) : m;
    }
}
