package benchkit.sql;

import java.util.List;
import java.util.Optional;

/**
 * A parsed script: an optional query saying whether the data is there, the prepare and cleanup
 * statements, and the weighted events.
 */
record SqlScript(String file, Optional<ScriptStatement> preparedIf, List<ScriptStatement> prepare,
                 List<ScriptStatement> cleanup, List<ScriptEvent> events) {
    SqlScript {
        prepare = List.copyOf(prepare);
        cleanup = List.copyOf(cleanup);
        events = List.copyOf(events);
    }
}
