package benchkit.sysbench;

import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;

import java.io.IOException;

/** A script whose event is one request (oltp_insert, select_random_points/-ranges) over the wire client. */
abstract class WireOneRequestSession extends WireSession {
    private boolean sent;

    WireOneRequestSession(String workload, Connector connector, IgnoredErrors ignored, QueryCounter queries) {
        super(workload, connector, ignored, queries);
    }

    /** Sends the event's request with {@link #send(benchkit.mysql.wire.WireStatement, Kind)} or {@link #send(CharSequence, Kind)}. */
    protected abstract void sendRequest() throws IOException;

    @Override
    protected final void startEvent() {
        sent = false;
    }

    @Override
    protected final Outcome sendNext() throws IOException {
        if (sent) {
            return Outcome.OK;
        }
        sent = true;
        sendRequest();
        return null;
    }
}
