package benchkit.sysbench;

import benchkit.spi.QueryCounter;
import benchkit.mysql.wire.ParamType;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;

import java.io.IOException;
import java.util.Arrays;

/** select_random_points.lua and select_random_ranges.lua over bench's own protocol client ({@link RandomPoints}). */
final class WireRandomPointsSession extends WireOneRequestSession {
    private final RandomPoints points;
    private WireStatement statement;

    WireRandomPointsSession(String workload, boolean ranges, OltpOptions options, Connector connector,
                            QueryCounter queries, int thread, int threads) throws IOException, WireError {
        super(workload, connector, options.ignoredErrors(), queries);
        this.points = new RandomPoints(ranges, options, thread, threads);
        connect();
    }

    @Override
    protected void prepareStatements(WireConnection c) throws IOException, WireError {
        ParamType[] types = new ParamType[points.values.length];
        Arrays.fill(types, ParamType.INT);
        statement = c.prepare(points.sql(), types);
    }

    @Override
    protected void sendRequest() throws IOException {
        points.next();
        for (int i = 0; i < points.values.length; i++) {
            statement.setInt(i, points.values[i]);
        }
        send(statement, Kind.READ);
    }
}
