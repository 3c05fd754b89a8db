package benchkit.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTest {
    @Test
    void aTargetsOwnAddressFollowsItsHostAndPort() {
        Target t = Target.builder().host("db1").port(3306).build();
        assertEquals(List.of(new Target.Address("db1", 3306, null)), t.addresses());
        assertEquals(List.of(new Target.Address("db1", 3307, null)), t.toBuilder().port(3307).build().addresses());
    }

    @Test
    void givenAddressesSurviveToBuilderEvenOne() {
        List<Target.Address> one = List.of(new Target.Address("db2", 3310, null));
        Target t = Target.builder().host("db1").port(3306).addresses(one).build();
        assertEquals(one, t.toBuilder().build().addresses());
        List<Target.Address> two = List.of(new Target.Address("127.0.0.1", 0, "/a.sock"),
                new Target.Address("127.0.0.1", 0, "/b.sock"));
        assertEquals(two, Target.builder().addresses(two).build().toBuilder().user("u").build().addresses());
    }

    /** A target reached by its socket is named by it, not by the 127.0.0.1:3306 it was never reached at (sweep 5, #136). */
    @Test
    void aTargetIsNamedByItsWayIn() {
        Target socketOnly = Target.builder().socket("/run/my.sock").transport(Target.Transport.SOCKET).user("u")
                .database("d").product("MariaDB").version("10.11.19").build();
        assertEquals("MariaDB 10.11.19 at socket /run/my.sock user=u db=d", socketOnly.toString());
        assertEquals("MariaDB 10.11.19 at 127.0.0.1:3306 (socket /run/my.sock) user=u db=d",
                socketOnly.toBuilder().transport(Target.Transport.TCP).build().toString(), "a socket merely known");
    }
}
