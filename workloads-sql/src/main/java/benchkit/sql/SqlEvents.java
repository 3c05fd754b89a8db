package benchkit.sql;

import benchkit.spi.WeightedChoice;
import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import benchkit.mysql.wire.ParamType;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One session's events of a SQL template, as a {@link RequestScript}: an event picks a script event by
 * weight and sends its statements in order, each with this session's values. Statements with
 * placeholders are prepared once per connection; transaction control and other statements without
 * them go as text. Errors name the event and the statement's file and line; since the user's SQL may
 * open a transaction the session cannot see, every ignored error is followed by a ROLLBACK.
 */
final class SqlEvents implements RequestScript {
    private final List<ScriptEvent> events;
    private final WeightedChoice mix;
    private final SplittableRandom random = new SplittableRandom();
    private final List<Prepared> prepared = new ArrayList<>();
    /** statement[e][s]: event e's statement s as a place in {@link #prepared}, or -1 when sent as text. */
    private final int[][] statement;
    /** Per event, per statement: this session's value sources (sequences are per session). */
    private final ValueSource[][][] params;
    // Where the event is: which one, and how many of its statements were sent.
    private int event;
    private int sent;

    /** Told which event each one is, for its own throughput and latency. */
    private final java.util.function.IntConsumer kinds;

    SqlEvents(SqlScript script, int thread, int threads, java.util.function.IntConsumer kinds) {
        this.kinds = kinds;
        events = script.events();
        mix = new WeightedChoice(events.stream().mapToInt(ScriptEvent::weight).toArray());
        statement = new int[events.size()][];
        params = new ValueSource[events.size()][][];
        for (int e = 0; e < events.size(); e++) {
            List<ScriptStatement> ofEvent = events.get(e).statements();
            statement[e] = new int[ofEvent.size()];
            params[e] = new ValueSource[ofEvent.size()][];
            for (int s = 0; s < ofEvent.size(); s++) {
                ScriptStatement st = ofEvent.get(s);
                params[e][s] = st.params().stream().map(p -> p.forSession(thread, threads)).toArray(ValueSource[]::new);
                statement[e][s] = st.asText() ? -1 : prepared.size();
                if (!st.asText()) {
                    prepared.add(new Prepared(st.sql(), st.where(),
                            st.params().stream().map(ValueSource::type).toArray(ParamType[]::new)));
                }
            }
        }
    }

    @Override
    public List<Prepared> statements() {
        return prepared;
    }

    @Override
    public void startEvent() {
        event = mix.pick(random);
        sent = 0;
        kinds.accept(event);
    }

    @Override
    public boolean next(Request r) {
        List<ScriptStatement> ofEvent = events.get(event).statements();
        if (sent == ofEvent.size()) {
            return false;
        }
        ScriptStatement st = ofEvent.get(sent);
        Request.Kind kind = switch (st.kind()) {
            case READ -> Request.Kind.READ;
            case WRITE -> Request.Kind.WRITE;
            case OTHER -> Request.Kind.OTHER;
        };
        int index = statement[event][sent];
        if (index < 0) {
            r.text(st.sql(), kind);
        } else {
            ValueSource[] values = params[event][sent];
            for (int i = 0; i < values.length; i++) {
                values[i].fill(r, i, random);
            }
            r.prepared(index, kind);
        }
        sent++;
        return true;
    }

    /** e.g. {@code event dup, statement at dup.sql:7}: the statement sent last. */
    @Override
    public String where() {
        ScriptEvent e = events.get(event);
        return "event " + e.name() + ", statement at " + e.statements().get(Math.max(sent - 1, 0)).where();
    }

    @Override
    public boolean rollsBackEveryIgnoredError() {
        return true;
    }
}
