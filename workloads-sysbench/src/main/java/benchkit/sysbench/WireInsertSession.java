package benchkit.sysbench;

import benchkit.spi.QueryCounter;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;

import java.io.IOException;

/** oltp_insert.lua over bench's own protocol client: one text-protocol INSERT per event ({@link InsertEvents}). */
final class WireInsertSession extends WireOneRequestSession {
    private final InsertEvents events;

    WireInsertSession(String workload, OltpOptions options, Connector connector, QueryCounter queries, int thread,
                      UniqueIds uniqueIds) throws IOException, WireError {
        super(workload, connector, options.ignoredErrors(), queries);
        this.events = new InsertEvents(options, thread, uniqueIds);
        connect();
    }

    @Override
    protected void prepareStatements(WireConnection c) {
        // oltp_insert.lua sends plain queries
    }

    @Override
    protected void sendRequest() throws IOException {
        send(events.next(), Kind.WRITE);
    }
}
