package benchkit.launcher.mysql;

import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workers' rendezvous table in a real MariaDB (sweep 7, case 44: it stayed in the user's database after every
 * --clients run): the last worker's removal drops it once no run's rows are left, never under another run's rows, and a
 * run whose table went meanwhile makes it again.
 */
class SqlRendezvousTest {
    @Test
    void theTableGoesWithTheLastRunsRowsAndComesBackForARunStillUsingIt() throws Exception {
        Assumptions.assumeTrue(ThrowawayMariadb.available() || System.getenv("CI") != null,
                "needs Debian's mariadbd (CI has it)");
        try (ThrowawayMariadb server = ThrowawayMariadb.start();
             SqlRendezvous a = SqlRendezvous.open(server.bench());
             SqlRendezvous b = SqlRendezvous.open(server.bench());
             Connection c = server.connect()) {
            String db = server.bench().database();
            a.put("benchkit-barrier/a/t1-f1/arrived-0", "1");
            b.put("benchkit-barrier/b/t1-f1/arrived-0", "1");
            a.removeAll(List.of("benchkit-barrier/a/t1-f1/arrived-0"));
            assertTrue(exists(c, db), "run b's row is still there: the table stays");
            assertEquals(Map.of("benchkit-barrier/b/t1-f1/arrived-0", "1"),
                    b.getAll(List.of("benchkit-barrier/a/t1-f1/arrived-0", "benchkit-barrier/b/t1-f1/arrived-0")));

            b.removeAll(List.of("benchkit-barrier/b/t1-f1/arrived-0"));
            assertFalse(exists(c, db), "no run's row is left: the table is dropped");
            assertEquals(Map.of(), a.getAll(List.of("benchkit-barrier/a/t1-f1/arrived-0")), "a table gone holds no key");
            a.removeAll(List.of("benchkit-barrier/a/t1-f1/arrived-0"));        // gone already: nothing to do

            a.put("benchkit-barrier/a/t2-f1/arrived-0", "1");
            assertEquals("1", a.putIfAbsent("benchkit-barrier/a/t2-f1/start", "1"), "a run still using it makes it again");
            assertTrue(exists(c, db));
        }
    }

    /** A run's keys by their prefix, and only its own: '_' in a run id is no wildcard (sweep 10, case 42). */
    @Test
    void aRunsKeysGoByTheirPrefixAndTheTableWithTheLast() throws Exception {
        Assumptions.assumeTrue(ThrowawayMariadb.available() || System.getenv("CI") != null,
                "needs Debian's mariadbd (CI has it)");
        try (ThrowawayMariadb server = ThrowawayMariadb.start();
             SqlRendezvous a = SqlRendezvous.open(server.bench());
             Connection c = server.connect()) {
            String db = server.bench().database();
            a.put("benchkit-barrier/r_1/t1-f1/arrived-0", "1");
            a.put("benchkit-barrier/r_1/failed-1", "killed by SIGKILL");
            a.put("benchkit-barrier/rx1/t1-f1/arrived-0", "1");
            a.removeStartingWith("benchkit-barrier/r_1/");
            assertEquals(Map.of("benchkit-barrier/rx1/t1-f1/arrived-0", "1"), a.getAll(List.of(
                    "benchkit-barrier/r_1/t1-f1/arrived-0", "benchkit-barrier/r_1/failed-1", "benchkit-barrier/rx1/t1-f1/arrived-0")));
            assertTrue(exists(c, db), "another run's row is left: the table stays");
            a.removeStartingWith("benchkit-barrier/rx1/");
            assertFalse(exists(c, db), "no run's row is left: the table is dropped");
        }
    }

    private static boolean exists(Connection c, String db) throws Exception {
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '" + db
                     + "' AND table_name = '" + SqlRendezvous.TABLE + "'")) {
            r.next();
            return r.getInt(1) == 1;
        }
    }
}
