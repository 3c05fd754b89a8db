package benchkit.sql;

import java.util.List;

/**
 * One statement of a script: its SQL without the final {@code ;}, how it is counted, where its
 * placeholders' values come from, how many times prepare runs it, and where it starts in the file.
 */
record ScriptStatement(String sql, StatementKind kind, List<ValueSource> params, int repeat, String where) {
    ScriptStatement {
        params = List.copyOf(params);
    }

    /**
     * Transaction control and other statements without placeholders go as text: some servers
     * cannot prepare BEGIN or COMMIT, and sysbench sends them as text too.
     */
    boolean asText() {
        return kind == StatementKind.OTHER && params.isEmpty();
    }
}
