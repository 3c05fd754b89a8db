package benchkit.sysbench.lua;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.QueryCounter;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code sysbench.sql}: the driver, its connections, prepared statements with their bind parameters, and result sets,
 * as sysbench 1.0.20's {@code sysbench.sql.lua} defines them for a script, over a {@link ScriptConnection}. Queries are counted
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
        ScriptConnection open() throws ScriptConnection.Failure;

        /** Where it connects, as sysbench names it: {@code socket '/run/mysqld/mysqld.sock'}, {@code host 'db1', port 3306}. */
        String where();
    }

    /**
     * What one state's connections count and ask: the counters, the ignored codes, the script's hooks.
     *
     * @param log             sysbench's log lines, shared by the run's states (repeats counted)
     * @param emulatePrepared {@code --db-ps-mode=disable}: a prepared statement is sent as text, and its rows can be
     *                        fetched as a query's
     */
    record Context(Connector connector, IgnoredErrors ignored, QueryCounter queries, Counts counts, LuaTable hooks,
                   PrintStream out, LogLines log, boolean dryRun, boolean emulatePrepared, java.util.concurrent.atomic.AtomicBoolean driverUsed,
                   String driverName) {
    }

    /** Errors and reconnects of one state, which sysbench counts beside the queries. */
    static final class Counts {
        volatile long errors;
        volatile long reconnects;
    }

    /**
     * What sysbench's Lua API gives as FFI cdata (drivers, connections, statements, results): {@code type()} says
     * {@code cdata} for them, as LuaJIT's does (a param is a table in sysbench, and stays userdata here).
     */
    interface Cdata {
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


    private final Context ctx;
    /** The script's connections, which end with its state (sysbench frees them when it closes the state). */
    private final List<ConnectionHandle> connections = new ArrayList<>();
    private final LuaTable connectionMeta = new LuaTable();
    private final LuaTable statementMeta = new LuaTable();
    private final LuaTable paramMeta = new LuaTable();
    private final LuaTable resultMeta = new LuaTable();
    /** What a statement that gave no result set returns: see {@link NoResult}. */
    private final LuaValue noResult;

    SqlLib(Context ctx) {
        this.ctx = ctx;
        LuaTable con = new LuaTable();
        con.set("query", method((c, a) -> c.query(a.checkstring(2))));
        con.set("query_row", method((c, a) -> c.queryRow(text(a, 2))));
        con.set("prepare", method((c, a) -> c.prepare(text(a, 2))));
        con.set("bulk_insert_init", method((c, a) -> c.bulkInit(a.checkstring(2))));
        con.set("bulk_insert_next", method((c, a) -> c.bulkNext(a.checkstring(2))));
        con.set("bulk_insert_done", method((c, a) -> c.bulkDone()));
        con.set("disconnect", method((c, a) -> c.disconnect()));
        con.set("reconnect", method((c, a) -> c.reconnect()));
        handleType(connectionMeta, con, "<sql_connection>");

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
                if (a.narg() < 2) {
                    return LuaValue.NIL;    // as sysbench's, which binds nothing then
                }
                List<Param> bound = new ArrayList<>();
                for (int i = 2; i <= a.narg(); i++) {
                    bound.add((Param) a.checkuserdata(i, Param.class));
                }
                s.bind(bound);
                return LuaValue.valueOf(0);
            }
        });
        stmt.set("execute", method(StatementHandle.class, StatementHandle::execute));
        stmt.set("close", method(StatementHandle.class, s -> {
            s.close();
            return LuaValue.valueOf(0);
        }));
        handleType(statementMeta, stmt, "<sql_statement>");

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
        handleType(paramMeta, param, "<sql_param>");

        LuaTable rs = new LuaTable();
        rs.set("fetch_row", method(Rows.class, r -> r.next(ctx.out())));
        rs.set("free", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                // sysbench's db_free_results: only the connection's last result set, once
                ConnectionHandle c = ((Rows) self.checkuserdata(Rows.class)).connection;
                if (c.closed) {
                    ctx.log().alert("attempt to use an already closed connection");
                } else if (c.current != self.touserdata()) {
                    ctx.log().alert("attempt to free an invalid result set");
                } else {
                    c.current = null;
                    return LuaValue.TRUE;
                }
                throw new LuaError("db_free_results() failed", 2);
            }
        });
        noResult = new NoResult(resultMeta);
        // a result's fields are read where the script asks for them: most results are dropped unread (oltp_*.lua's
        // reads), and a table with its fields set would cost each of them a table and three stores
        resultMeta.set(LuaValue.INDEX, new TwoArgFunction() {
            private final LuaString nrows = LuaString.valueOf("nrows");
            private final LuaString nfields = LuaString.valueOf("nfields");

            @Override
            public LuaValue call(LuaValue self, LuaValue key) {
                boolean field = key.raweq(nrows) || key.raweq(nfields);
                if (!field) {
                    return rs.get(key);
                }
                if (!(self.touserdata() instanceof Rows r)) {
                    throw new LuaError("attempt to read " + key + " of a statement's empty result (nil)");
                }
                return key.raweq(nrows) ? LuaValue.valueOf(r.count) : LuaValue.valueOf(r.fields);
            }
        });
        resultMeta.set(LuaValue.TOSTRING, constant("<sql_result>"));
    }

    /** Closes what the script left open. */
    void closeAll() {
        connections.stream().filter(c -> !c.closed).forEach(ConnectionHandle::disconnect);
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
        db.set("query", onImplicit(con, (c, a) -> {
            // sysbench 0.5's db_query returns nothing; an error that does not restart the event is its own words
            try {
                c.query(a.checkjstring(1));
            } catch (LuaError e) {
                if (e.getMessageObject() != null && e.getMessageObject().istable()) {
                    throw e;
                }
                throw new LuaError("db_query() failed");
            }
            return LuaValue.NONE;
        }));
        db.set("bulk_insert_init", onImplicit(con, (c, a) -> c.bulkInit(a.checkstring(1))));
        db.set("bulk_insert_next", onImplicit(con, (c, a) -> c.bulkNext(a.checkstring(1))));
        db.set("bulk_insert_done", onImplicit(con, (c, a) -> c.bulkDone()));
        db.set("prepare", onImplicit(con, (c, a) -> new LuaUserdata(new LegacyStatement(c.statement(a.checkjstring(1))))));
        db.set("bind_param", onImplicit(con, (c, a) -> {
            ((LegacyStatement) a.checkuserdata(1, LegacyStatement.class)).bind(a.checktable(2));
            return LuaValue.NONE;
        }));
        db.set("bind_result", onImplicit(con, (c, a) -> {
            throw new LuaError("db_bind_result() is not there in bench: a prepared statement's rows are counted, not fetched");
        }));
        db.set("execute", onImplicit(con, (c, a) -> ((LegacyStatement) a.checkuserdata(1, LegacyStatement.class)).execute()));
        db.set("store_results", onImplicit(con, (c, a) -> LuaValue.NONE));   // a no-op in sysbench 1.0 too
        db.set("free_results", onImplicit(con, (c, a) -> {
            if (a.arg1().touserdata() instanceof Rows r && r.connection.current == r) {
                r.connection.current = null;
            }
            return LuaValue.NONE;
        }));
        db.set("close", onImplicit(con, (c, a) -> {
            ((LegacyStatement) a.checkuserdata(1, LegacyStatement.class)).statement.close();
            return LuaValue.NONE;
        }));
        db.set("DB_ERROR_NONE", 0);
        db.set("DB_ERROR_RESTART_TRANSACTION", 1);
        db.set("DB_ERROR_FAILED", 2);
        return db;
    }

    /**
     * A statement of sysbench 0.5's API: bound to a table whose values it sends at each execution, read by the keys the
     * table had when bound; a number is sent as an INT (truncated, as sysbench's C int), a string as a CHAR, nil as NULL.
     */
    private static final class LegacyStatement {
        final StatementHandle statement;
        private LuaTable values;
        private LuaValue[] keys = new LuaValue[0];
        private final List<Param> params = new ArrayList<>();

        LegacyStatement(StatementHandle statement) {
            this.statement = statement;
        }

        void bind(LuaTable table) {
            List<LuaValue> found = new ArrayList<>();
            params.clear();
            for (Varargs e = table.next(LuaValue.NIL); !e.arg1().isnil(); e = table.next(e.arg1())) {
                LuaValue v = e.arg(2);
                if (v.type() == LuaValue.TNUMBER) {
                    params.add(new Param(3, 0));
                } else if (v.type() == LuaValue.TSTRING) {
                    params.add(new Param(11, Integer.MAX_VALUE));
                } else {
                    throw new LuaError("Unsupported variable type: " + v.typename());
                }
                found.add(e.arg1());
            }
            if (found.isEmpty()) {
                throw new LuaError("table is empty");
            }
            values = table;
            keys = found.toArray(new LuaValue[0]);
            statement.bind(params);
        }

        LuaValue execute() {
            for (int i = 0; i < keys.length; i++) {
                LuaValue v = values.get(keys[i]);
                params.get(i).set(v.isnumber() && params.get(i).type == ScriptConnection.Type.BIGINT
                        ? LuaValue.valueOf((int) v.todouble()) : v);
            }
            return statement.execute();
        }
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
                return new ConnectionHandle().self;
            }
        });
        methods.set("name", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return LuaValue.valueOf("mysql");
            }
        });
        handleType(driverMeta, methods, "<sql_driver>");
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue name) {
                String driver = name.isnil() ? ctx.driverName() : name.tojstring();
                if (!driver.equals("mysql")) {
                    ctx.log().fatal("invalid database driver name: '" + driver + "'");
                    throw new LuaError("failed to initialize the DB driver");
                }
                ctx.driverUsed().set(true);
                return new LuaUserdata(new Cdata() { }, driverMeta);
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

    /** Makes {@code meta} the metatable of one kind of handle: its {@code methods}, and what tostring() shows of it. */
    private static void handleType(LuaTable meta, LuaTable methods, String shown) {
        meta.set(LuaValue.INDEX, methods);
        meta.set(LuaValue.TOSTRING, constant(shown));
    }

    /** A method of the handles of {@code type} that takes no arguments but the handle ({@code self}). */
    private static <T> OneArgFunction method(Class<T> type, Function<T, LuaValue> body) {
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue self) {
                return body.apply(type.cast(self.checkuserdata(type)));
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
    private final class ConnectionHandle implements Cdata {
        /** The script's handle on it, which error descriptors name. */
        final LuaUserdata self = new LuaUserdata(this, connectionMeta);
        private ScriptConnection connection;
        private final List<StatementHandle> statements = new ArrayList<>();
        /** The bulk insert being built, as bytes (the script's strings are): its statement and the rows so far. */
        private byte[] bulk = new byte[0];
        private boolean bulkOpen;
        private int bulkLength;
        private int bulkPrefix;
        /** disconnect() was called: sysbench's DB_CONN_INVALID, on which every call is an API error. */
        private boolean closed;
        /** The result set its last query gave, which free() may free once (sysbench's DB_CONN_RESULT_SET); null when none. */
        private Rows current;

        ConnectionHandle() {
            connect();
            connections.add(this);
        }

        /** sysbench's check that the connection is open: an ALERT line and its {@code SQL API error} when not. */
        private void checkOpen() {
            if (closed) {
                ctx.log().alert("attempt to use an already closed connection");
                // level 3, as sysbench's check_error raises it from below the method: its caller's line, even under pcall
                throw new LuaError("SQL API error", 3);
            }
        }

        private void connect() {
            if (ctx.dryRun()) {
                return;
            }
            try {
                connection = ctx.connector().open();
            } catch (ScriptConnection.Failure e) {
                if (stopping(e)) {
                    throw stopped();
                }
                // sysbench's MySQL driver says where and why, then its Lua API raises the error
                ctx.log().fatal("unable to connect to MySQL server on " + ctx.connector().where() + ", aborting...");
                ctx.log().fatal("error " + e.code + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
                throw new LuaError("connection creation failed");
            }
        }

        LuaValue query(String sql) {
            byte[] bytes = sql.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return query(bytes, bytes.length);
        }

        /** A script's query as it built it: its bytes go to the server as they are (decoded only for an error). */
        LuaValue query(LuaString sql) {
            if (sql.m_offset == 0) {
                return query(sql.m_bytes, sql.m_length);
            }
            byte[] bytes = new byte[sql.m_length];
            System.arraycopy(sql.m_bytes, sql.m_offset, bytes, 0, bytes.length);
            return query(bytes, bytes.length);
        }

        private LuaValue query(byte[] sql, int length) {
            checkOpen();
            current = null;
            if (ctx.dryRun()) {
                ctx.queries().others(1);     // sysbench's dry run counts each query it does not send as other
                return noResult;
            }
            try {
                return counted(connection.query(sql, length), true);
            } catch (ScriptConnection.Failure e) {
                throw failure(this, e, new String(sql, 0, length, java.nio.charset.StandardCharsets.UTF_8));
            }
        }

        /**
         * Counts a reply as sysbench's driver does (a result set a read, changed rows a write, else other) and gives the
         * script its result set, or nil; {@code fetchable}: its rows can be fetched (a server-side statement's cannot).
         */
        private LuaValue counted(ScriptConnection.Reply reply, boolean fetchable) {
            if (!reply.isResultSet()) {
                if (reply.count() > 0) {
                    ctx.queries().writes(1);
                } else {
                    ctx.queries().others(1);
                }
                return noResult;
            }
            ctx.queries().reads(1);
            current = new Rows(this, fetchable ? reply.rows() : List.of(), fetchable ? reply.fields() : 0, reply.count());
            return new LuaUserdata(current, resultMeta);
        }

        /** The first row's values, or nothing when there is none (sysbench's {@code unpack(rs:fetch_row(), 1, nfields)}). */
        Varargs queryRow(String sql) {
            LuaValue rs = query(sql);
            if (rs == noResult || ((Rows) rs.checkuserdata(Rows.class)).rows.isEmpty()) {
                return LuaValue.NIL;
            }
            Rows result = (Rows) rs.checkuserdata(Rows.class);
            LuaTable row = result.row(0);
            LuaValue[] values = new LuaValue[result.fields];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(i + 1);
            }
            return LuaValue.varargsOf(values);
        }

        LuaValue prepare(String sql) {
            return new LuaUserdata(statement(sql), statementMeta);
        }

        StatementHandle statement(String sql) {
            checkOpen();
            StatementHandle s = new StatementHandle(this, sql);
            statements.add(s);
            return s;
        }

        LuaValue bulkInit(LuaString sql) {
            bulkOpen = true;
            bulkLength = 0;
            appendBulk(sql.m_bytes, sql.m_offset, sql.m_length);
            bulkPrefix = bulkLength;
            return LuaValue.TRUE;
        }

        LuaValue bulkNext(LuaString values) {
            if (!bulkOpen) {
                ctx.log().alert("attempt to call bulk_insert_next() before bulk_insert_init()");
                throw new LuaError("db_bulk_insert_next() failed", 2);
            }
            // sysbench's rule, in bytes as its C buffer counts them: send what is there when the row would pass the size
            if (bulkLength > bulkPrefix && bulkLength + values.m_length + 1 > BULK_PACKET_SIZE) {
                flushBulk();
            }
            byte separator = (byte) (bulkLength > bulkPrefix ? ',' : ' ');
            appendBulk(null, 0, 1);
            bulk[bulkLength - 1] = separator;
            appendBulk(values.m_bytes, values.m_offset, values.m_length);
            return LuaValue.TRUE;
        }

        /** Appends {@code length} bytes of {@code bytes}, or makes room for them when {@code bytes} is null. */
        private void appendBulk(byte[] bytes, int offset, int length) {
            if (bulkLength + length > bulk.length) {
                bulk = java.util.Arrays.copyOf(bulk, Math.max(Math.max(bulk.length * 2, 64 * 1024), bulkLength + length));
            }
            if (bytes != null) {
                System.arraycopy(bytes, offset, bulk, bulkLength, length);
            }
            bulkLength += length;
        }

        LuaValue bulkDone() {
            if (bulkOpen && bulkLength > bulkPrefix) {
                flushBulk();
            }
            bulkOpen = false;
            return LuaValue.TRUE;
        }

        private void flushBulk() {
            int length = bulkLength;
            bulkLength = bulkPrefix;
            query(bulk, length);
        }

        LuaValue disconnect() {
            if (closed) {
                ctx.log().alert("attempt to close an already closed connection");
                return LuaValue.TRUE;
            }
            closed = true;
            current = null;
            statements.forEach(StatementHandle::close);
            statements.clear();
            close();
            return LuaValue.TRUE;
        }

        LuaValue reconnect() {
            close();
            connect();
            closed = false;
            current = null;
            ctx.counts().reconnects++;
            statements.forEach(StatementHandle::forget);
            return LuaValue.TRUE;
        }

        void close() {
            if (connection != null) {
                connection.close();
                connection = null;
            }
        }
    }

    /**
     * What sysbench's query() and execute() return for a statement that gave no result set: in LuaJIT a NULL
     * {@code sql_result} pointer, which equals nil ({@code rs == nil}, as scripts test it), yet is true in a condition,
     * prints as {@code <sql_result>} and has the result's methods.
     */
    private static final class NoResult extends LuaUserdata {
        NoResult(LuaTable meta) {
            super(new Cdata() { }, meta);
        }

        @Override
        public boolean eq_b(LuaValue v) {
            return v.isnil() || super.eq_b(v);
        }

        @Override
        public LuaValue eq(LuaValue v) {
            return eq_b(v) ? TRUE : FALSE;
        }
    }

    /** A result set as sysbench keeps it: every row fetched from the server at once (mysql_store_result). */
    private static final class Rows implements Cdata {
        private final ConnectionHandle connection;
        private final List<String[]> rows;
        private final int fields;
        /** The rows the server sent, fetchable or not (nrows). */
        private final long count;
        private int next;

        Rows(ConnectionHandle connection, List<String[]> rows, int fields, long count) {
            this.connection = connection;
            this.rows = rows;
            this.fields = fields;
            this.count = count;
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
        final ScriptConnection.Type type;
        final int maxLength;
        /** A Long, Double or String; null for NULL (as a parameter is until set). */
        Object value;

        Param(int declared, int maxLength) {
            if (declared >= 1 && declared <= 4) {
                type = ScriptConnection.Type.BIGINT;
            } else if (declared == 5 || declared == 6) {
                type = ScriptConnection.Type.DOUBLE;
            } else if (declared == 11 || declared == 12) {
                type = ScriptConnection.Type.VARCHAR;
            } else {
                throw new LuaError("Unsupported argument type: " + declared);
            }
            this.maxLength = type == ScriptConnection.Type.VARCHAR ? maxLength : 8;
        }

        void set(LuaValue v) {
            if (v.isnil()) {
                value = null;
            } else if (type == ScriptConnection.Type.BIGINT) {
                value = v.checklong();
            } else if (type == ScriptConnection.Type.DOUBLE) {
                value = v.checkdouble();
            } else {
                String s = v.checkjstring();
                value = s.length() > maxLength ? s.substring(0, maxLength) : s;
            }
        }

        void setRandomString(String format, RandomStrings random) {
            if (type != ScriptConnection.Type.VARCHAR) {
                throw new LuaError("Unsupported argument type: " + type);
            }
            String s = random.string(format);
            value = s.length() > maxLength ? s.substring(0, maxLength) : s;
        }

        /** The value as sysbench's emulated statements write it into the query (db_print_value). */
        void print(StringBuilder sql) {
            if (value == null) {
                sql.append("NULL");
            } else if (type == ScriptConnection.Type.DOUBLE) {
                sql.append(String.format(java.util.Locale.ROOT, "%f", (Double) value));
            } else if (type == ScriptConnection.Type.VARCHAR) {
                sql.append('\'').append(value).append('\'');
            } else {
                sql.append(value);
            }
        }
    }

    /**
     * A statement the script prepared: on the server at prepare() and again at its first execution after a reconnect;
     * emulated as sysbench does (each {@code ?} replaced by its value, sent as text) with {@code --db-ps-mode=disable}
     * or when the server cannot prepare it.
     */
    private final class StatementHandle implements Cdata {
        final ConnectionHandle connection;
        final String sql;
        private final List<Param> params = new ArrayList<>();
        /** The bound parameters' types and, refilled at each execution, values. */
        private ScriptConnection.Type[] types = new ScriptConnection.Type[0];
        private Object[] values = new Object[0];
        private ScriptConnection.Statement prepared;
        private boolean emulated;

        StatementHandle(ConnectionHandle connection, String sql) {
            this.connection = connection;
            this.sql = sql;
            this.emulated = ctx.emulatePrepared();
            if (!ctx.dryRun() && !emulated) {
                prepareOnServer();
            }
        }

        private void prepareOnServer() {
            try {
                prepared = connection.connection.prepare(sql);
            } catch (ScriptConnection.Failure e) {
                if (e.connectionLost) {
                    throw failure(connection, e, sql);
                }
                if (e.code != ScriptConnection.Failure.UNSUPPORTED_PS) {
                    // sysbench's MySQL driver logs it; its Lua API then raises an API error, not an SQL one
                    ctx.log().fatal("mysql_stmt_prepare() failed");
                    ctx.log().fatal("MySQL error: " + e.code + " \"" + e.getMessage() + "\"");
                    throw new LuaError("SQL API error", 0);
                }
                emulated = true;
            }
        }

        void bind(List<Param> bound) {
            params.clear();
            params.addAll(bound);
            types = new ScriptConnection.Type[bound.size()];
            values = new Object[bound.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = bound.get(i).type;
            }
        }

        LuaValue execute() {
            connection.checkOpen();
            connection.current = null;
            if (ctx.dryRun()) {
                ctx.queries().others(1);
                return noResult;
            }
            if (emulated) {
                return connection.query(inlined());
            }
            if (prepared == null) {
                prepareOnServer();
                if (emulated) {
                    return connection.query(inlined());
                }
            }
            for (int i = 0; i < values.length; i++) {
                values[i] = params.get(i).value;
            }
            try {
                return connection.counted(prepared.execute(types, values), false);
            } catch (ScriptConnection.Failure e) {
                throw failure(connection, e, sql);
            }
        }

        /** The statement with each {@code ?} replaced by its parameter's value, as sysbench's emulation builds it. */
        private String inlined() {
            StringBuilder text = new StringBuilder(sql.length() + 16 * params.size());
            int next = 0;
            for (int i = 0; i < sql.length(); i++) {
                char c = sql.charAt(i);
                if (c == '?' && next < params.size()) {
                    params.get(next++).print(text);
                } else {
                    text.append(c);
                }
            }
            return text.toString();
        }

        void forget() {
            prepared = null;
        }

        void close() {
            if (prepared != null) {
                prepared.close();
                prepared = null;
            }
        }
    }

    /**
     * sysbench's check_error: an ignorable error (a listed code, or one the script's hook accepts) raises the error
     * table that restarts the event, after reconnecting a lost connection; any other prints sysbench's FATAL line and
     * raises its {@code SQL error, errno = ...} message, which ends the script.
     */
    private LuaError failure(ConnectionHandle connection, ScriptConnection.Failure e, String query) {
        if (stopping(e)) {
            return stopped();
        }
        String message = String.valueOf(e.getMessage());
        IgnoredErrors.Action action = e.connectionLost ? IgnoredErrors.Action.RECONNECT : ctx.ignored().actionFor(e.code, e.sqlState);
        LuaTable desc = new LuaTable();
        desc.set("connection", connection.self);
        desc.set("query", query);
        desc.set("sql_errno", e.code);
        desc.set("sql_state", e.sqlState);
        desc.set("sql_errmsg", message);
        if (action == IgnoredErrors.Action.RECONNECT) {
            connection.reconnect();
            desc.set("errcode", RESTART_EVENT);
            return new LuaError(desc);
        }
        ctx.counts().errors++;
        if (action == IgnoredErrors.Action.IGNORE) {
            desc.set("errcode", RESTART_EVENT);
            return new LuaError(desc);
        }
        // the driver's line first, then the script's hook may still make it ignorable (sysbench's order)
        ctx.log().fatal("mysql_drv_query() returned error " + e.code + " (" + message + ") for query '" + query + "'");
        LuaValue hook = ctx.hooks().get("sql_error_ignorable");
        if (hook.isfunction() && hook.call(desc).toboolean()) {
            desc.set("errcode", RESTART_EVENT);
            return new LuaError(desc);
        }
        return new LuaError(String.format(java.util.Locale.ROOT, "SQL error, errno = %d, state = '%s': %s", e.code, e.sqlState,
                message), 3);   // check_error's level: the method's caller, even when that is pcall's line
    }

    /**
     * Whether a failed connect or query is the run stopping (Ctrl-C or SIGTERM interrupt the thread, which cuts its
     * socket), not the server: sysbench's FATAL lines would blame the server, or a connection that was made (sweep 7,
     * case 73), and no reconnect is tried.
     */
    private static boolean stopping(ScriptConnection.Failure e) {
        return Thread.currentThread().isInterrupted() || e.getCause() instanceof java.nio.channels.ClosedByInterruptException
                || e.getCause() instanceof java.io.InterruptedIOException;
    }

    /** The error that ends a script's call when the run stops under it: said once, as the run's interruption. */
    private static LuaError stopped() {
        return new LuaError("the run was stopping (interrupted), so the call was cut short");
    }

    /**
     * Argument {@code i}, a statement's text, decoded as UTF-8 by the JDK's decoder: LuaJ's own decoder took 9% of a
     * script's prepare (tpcc_like.lua's load, 2026-11-28), the JDK's is a fraction of that. Numbers are taken as Lua
     * takes them where a string is asked for.
     */
    static String text(Varargs a, int i) {
        org.luaj.vm2.LuaString s = a.checkstring(i);
        return new String(s.m_bytes, s.m_offset, s.m_length, java.nio.charset.StandardCharsets.UTF_8);
    }
}
