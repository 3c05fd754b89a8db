package benchkit.sysbench.lua;

import benchkit.mysql.SqlErrors;
import benchkit.mysql.wire.ParamType;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * A script's connection over bench's own protocol client, on the script's thread: the leanest there is (a prepared
 * statement's rows are counted as they arrive, never decoded), which keeps a script's client CPU per query near the
 * Java versions' (docs/sysbench-scripts.md).
 */
final class WireScriptConnection implements ScriptConnection {
    /** What libmysqlclient reports for a connection lost mid-query (CR_SERVER_LOST). */
    private static final int SERVER_LOST = 2013;

    private final WireConnection wire;

    private WireScriptConnection(WireConnection wire) {
        this.wire = wire;
    }

    /** Wraps a connection just opened, to be waited on by the calling thread. */
    static WireScriptConnection of(WireConnection opened) throws IOException {
        opened.ownThread();
        return new WireScriptConnection(opened);
    }

    @Override
    public Reply query(String sql) throws Failure {
        try {
            wire.query(sql, true);
            wire.awaitReply();
        } catch (IOException e) {
            throw lost(e);
        }
        return reply(wire.values());
    }

    /** The script's bytes as they are: a statement of sysbench-tpcc's load is 0.5 MB of rows it formatted. */
    @Override
    public Reply query(byte[] sql, int length) throws Failure {
        try {
            wire.query(sql, 0, length, true);
            wire.awaitReply();
        } catch (IOException e) {
            throw lost(e);
        }
        return reply(wire.values());
    }

    private Reply reply(List<String[]> values) throws Failure {
        WireError error = wire.error();
        if (error != null) {
            throw new Failure(error.code(), error.sqlState(), error.getMessage(),
                    SqlErrors.isConnectionLost(error.code(), error.sqlState()), error);
        }
        return wire.hadResultSet() ? new Reply(wire.columns(), values, wire.rows()) : new Reply(-1, List.of(), wire.affectedRows());
    }

    @Override
    public Statement prepare(String sql) throws Failure {
        WireStatement s;
        try {
            s = wire.prepareUntyped(sql);
        } catch (WireError e) {
            throw new Failure(e.code(), e.sqlState(), e.getMessage(), false, e);
        } catch (IOException e) {
            throw lost(e);
        }
        return new Prepared(s);
    }

    @Override
    public void close() {
        try {
            wire.close();
        } catch (IOException ignored) {
            // a connection that is gone has nothing to close
        }
    }

    /**
     * A connection that could not be made, in libmysqlclient's words and codes (CR_UNKNOWN_HOST, CR_CONNECTION_ERROR,
     * CR_CONN_HOST_ERROR), with the system error number it shows in parentheses.
     *
     * @param socket the unix socket it tried, or null for TCP to {@code host}
     */
    static Failure connectFailure(IOException e, String socket, String host) {
        if (e instanceof java.net.UnknownHostException) {
            return new Failure(2005, "HY000", "Unknown MySQL server host '" + host + "' (0)", false, e);
        }
        if (socket != null) {
            // from the socket file itself: the system's words for ENOENT and EACCES follow the locale
            java.nio.file.Path path = java.nio.file.Path.of(socket);
            int errno = !java.nio.file.Files.exists(path) ? 2 : !java.nio.file.Files.isWritable(path) ? 13 : 111;
            return new Failure(2002, "HY000", "Can't connect to local MySQL server through socket '" + socket + "' ("
                    + errno + ")", false, e);
        }
        int errno = e instanceof java.net.SocketTimeoutException ? 110
                : e instanceof java.net.NoRouteToHostException ? 113 : 111;
        return new Failure(2003, "HY000", "Can't connect to MySQL server on '" + host + "' (" + errno + ")", false, e);
    }

    private static Failure lost(IOException e) {
        return new Failure(SERVER_LOST, "HY000", "Lost connection to MySQL server during query (" + e.getMessage() + ")", true, e);
    }

    private final class Prepared implements Statement {
        private final WireStatement statement;
        /** The types last bound: the server hears them again only when they change (as libmysqlclient sends them). */
        private ParamType[] bound;
        /** The script's types array they came from: the same array again (each execution's case) needs no look. */
        private Type[] boundFrom;

        Prepared(WireStatement statement) {
            this.statement = statement;
        }

        @Override
        public Reply execute(Type[] types, Object[] values) throws Failure {
            int n = statement.parameterCount();
            if (n > 0) {
                bind(types, n);
                for (int i = 0; i < n; i++) {
                    Object v = i < values.length ? values[i] : null;
                    if (v == null) {
                        statement.setNull(i);
                    } else if (v instanceof Long l) {
                        statement.setLong(i, l);
                    } else if (v instanceof Double d) {
                        statement.setDouble(i, d);
                    } else {
                        statement.setString(i, (String) v);
                    }
                }
            }
            try {
                wire.execute(statement);
                wire.awaitReply();
            } catch (IOException e) {
                throw lost(e);
            }
            return reply(List.of());
        }

        /** The statement's parameters as bound: those the script did not bind are NULL strings, as sysbench leaves them. */
        private void bind(Type[] types, int n) {
            if (types == boundFrom) {
                return;
            }
            boundFrom = types;
            ParamType[] wanted = new ParamType[n];
            for (int i = 0; i < n; i++) {
                Type t = i < types.length ? types[i] : Type.VARCHAR;
                wanted[i] = switch (t) {
                    case BIGINT -> ParamType.LONG;
                    case DOUBLE -> ParamType.DOUBLE;
                    case VARCHAR -> ParamType.STRING;
                };
            }
            if (!Arrays.equals(wanted, bound)) {
                statement.bind(wanted);
                bound = wanted;
            }
        }

        @Override
        public void close() {
            try {
                wire.closeStatement(statement);
            } catch (IOException ignored) {
                // a statement of a lost connection is gone with it
            }
        }
    }
}
