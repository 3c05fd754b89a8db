package benchkit.mysql;

import benchkit.mysql.IgnoredErrors.Action;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one SQL error policy, as --mysql-ignore-errors (OLTP) and --ignore-errors (sql, sql-kv-*) give it. */
class IgnoredErrorsTest {
    private static final SQLException DEADLOCK = new SQLException("Deadlock found", "40001", 1213);
    private static final SQLException DUPLICATE = new SQLException("Duplicate entry", "23000", 1062);
    private static final SQLException GONE = new SQLException("Server has gone away", "HY000", 2006);

    @Test
    void listedCodesAreIgnoredALostConnectionReconnectsTheRestFails() {
        IgnoredErrors listed = IgnoredErrors.parse("sql", "ignore-errors", " 1213, 1205 ");
        assertEquals(Action.IGNORE, listed.actionFor(DEADLOCK));
        assertEquals(Action.FAIL, listed.actionFor(DUPLICATE));
        assertEquals(Action.RECONNECT, listed.actionFor(GONE));
        assertEquals(Action.RECONNECT, IgnoredErrors.parse("w", "ignore-errors", "all")
                .actionFor(new SQLNonTransientConnectionException("closed", "08000", 1062)), "a lost connection wins");
        assertEquals(Action.IGNORE, IgnoredErrors.parse("w", "ignore-errors", "all").actionFor(DUPLICATE));
        assertEquals(Action.FAIL, IgnoredErrors.parse("w", "ignore-errors", "none").actionFor(DEADLOCK));
        assertEquals(Action.FAIL, IgnoredErrors.parse("w", "ignore-errors", "").actionFor(DEADLOCK));
        assertTrue(IgnoredErrors.DEADLOCKS.ignores(1205));
        assertFalse(IgnoredErrors.NONE.ignores(1213));
    }

    @Test
    void anErrorByCodeAndStateFollowsTheSameRuleForTheWireClient() {
        IgnoredErrors listed = IgnoredErrors.parse("sql", "ignore-errors", "1213,1927");
        assertEquals(Action.IGNORE, listed.actionFor(1213, "40001"));
        assertEquals(Action.FAIL, listed.actionFor(1062, "23000"));
        assertEquals(Action.RECONNECT, listed.actionFor(1927, "70100"), "a killed connection wins over its listed code");
        assertEquals(Action.RECONNECT, IgnoredErrors.NONE.actionFor(1053, "08S01"), "server shutdown: class 08");
        for (SQLException e : new SQLException[]{DEADLOCK, DUPLICATE, GONE}) {
            assertEquals(listed.actionFor(e), listed.actionFor(e.getErrorCode(), e.getSQLState()), e.getMessage());
        }
    }

    @Test
    void aFailedRollbackReconnectsOnlyWhenTheConnectionWent() {
        assertEquals(Action.RECONNECT, IgnoredErrors.afterFailedRollback(2013, "HY000"));
        assertEquals(Action.RECONNECT, IgnoredErrors.afterFailedRollback(1927, "70100"));
        assertEquals(Action.FAIL, IgnoredErrors.afterFailedRollback(1213, "40001"), "never ignored, even if listed");
    }

    @Test
    void aBadListIsAOneLineOptionError() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> IgnoredErrors.parse("oltp_read_write", "mysql-ignore-errors", "1213,deadlock"));
        assertEquals("oltp_read_write: --mysql-ignore-errors=1213,deadlock is not valid; expected comma-separated "
                + "error codes (e.g. 1213,1205), all or none", e.getMessage());
        assertThrows(InvalidOptionException.class, () -> IgnoredErrors.parse("sql", "ignore-errors", "0"));
    }
}
