package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.SpiVersion;
import com.example.pointselect.PointSelectFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A unit test of the plugin without a server: its name, the SPI it declares, and how it takes its options. It runs with
 * `mvn package` (surefire); the test against a real server is PluginOnTheEmbeddedServerIT (`mvn verify`).
 */
class PointSelectFactoryTest {
    private final PointSelectFactory factory = new PointSelectFactory();

    @Test
    void itsNameAndTheSpiItWasBuiltFor() {
        assertEquals("my-point-select", factory.name());
        assertEquals(SpiVersion.CURRENT, factory.spiVersion());
    }

    @Test
    void aBadOptionIsOneLineNamingIt() throws Exception {
        factory.create(Map.of("rows", "1000")).close();
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> factory.create(Map.of("rows", "0")));
        assertEquals("my-point-select: --rows=0 is not valid; expected a number from 1 to 100000000", e.getMessage());
    }
}
