package benchkit.mysql.script;

/** A script whose event is one request (oltp_insert, select_random_points, a key-value get or set). */
public abstract class OneRequestScript implements RequestScript {
    private boolean sent;

    /** Fills the event's one request. */
    protected abstract void fill(Request r);

    @Override
    public final void startEvent() {
        sent = false;
    }

    @Override
    public final boolean next(Request r) {
        if (sent) {
            return false;
        }
        sent = true;
        fill(r);
        return true;
    }
}
