package benchkit.mysql.script;

import java.util.List;

/**
 * sysbench's {@code --db-ps-mode=disable}: the requests of a script, each sent as a text query with its parameters
 * written into it, so that nothing is prepared on the server. The script fills a request of its own statements; this
 * one hands the session the same request as text, counted the same way.
 */
public final class UnpreparedScript implements RequestScript {
    private final RequestScript script;
    private final Request prepared;
    /** The text of the request in flight; a session reads it before asking for the next. */
    private final StringBuilder sql = new StringBuilder(256);

    public UnpreparedScript(RequestScript script) {
        this.script = script;
        this.prepared = new Request(script.statements());
    }

    /** Nothing is prepared. */
    @Override
    public List<Prepared> statements() {
        return List.of();
    }

    @Override
    public void startEvent() {
        script.startEvent();
    }

    @Override
    public boolean next(Request request) {
        return script.next(prepared) && asText(request);
    }

    @Override
    public boolean finish(Request request) {
        return script.finish(prepared) && asText(request);
    }

    private boolean asText(Request request) {
        if (prepared.isText()) {
            request.text(prepared.text(), prepared.kind());
        } else {
            prepared.inline(sql);
            request.text(sql, prepared.kind());
        }
        return true;
    }

    @Override
    public String where() {
        return script.where();
    }

    @Override
    public boolean rollsBackEveryIgnoredError() {
        return script.rollsBackEveryIgnoredError();
    }
}
