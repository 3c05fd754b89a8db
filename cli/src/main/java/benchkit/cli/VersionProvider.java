package benchkit.cli;

import benchkit.spi.SpiVersion;
import picocli.CommandLine;

/** Prints the jar's version, the SPI version and the JVM. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[]{
            "benchkit " + (version == null ? "development build" : version),
            "plugin SPI version " + SpiVersion.CURRENT,
            "JVM: ${java.version} (${java.vendor} ${java.vm.name})"
        };
    }
}
