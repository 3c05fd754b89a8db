package benchkit.sql;

import java.util.List;

/** A named event: the statements one {@code Session.execute()} runs, and its weight in the mix. */
record ScriptEvent(String name, int weight, List<ScriptStatement> statements, String where) {
    ScriptEvent {
        statements = List.copyOf(statements);
    }
}
