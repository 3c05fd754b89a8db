package benchkit.spi;

import java.nio.channels.SelectableChannel;

/**
 * A session that can wait for its server without holding a thread: with {@code --client-threads
 * loop} the runner keeps an event in flight on many such sessions from one thread, and resumes a
 * session when its channel is readable. On a thread of its own, {@link #execute()} still runs a
 * whole event. A session is used by one thread at a time.
 */
public interface PolledSession extends Session {
    /** The non-blocking channel the server's replies arrive on; it may change when {@link #begin} or {@link #resume} reconnects. */
    SelectableChannel channel();

    /** Starts an event (sends its first request); its outcome when it is already over, else null. */
    Outcome begin() throws Exception;

    /** Reads what has arrived and goes on with the event; its outcome once it is over, else null. */
    Outcome resume() throws Exception;
}
