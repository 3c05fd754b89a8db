package benchkit.core;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The shape docs/architecture.md draws, checked on core's compiled classes: its packages depend on each other in
 * one direction only, and nothing in it reaches a server, a SQL driver or a memcached client (the pom's enforcer
 * keeps them off the class path; this keeps them out of the code, reflection-free names included).
 */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("benchkit.core");

    @Test
    void corePackagesHaveNoCycle() {
        slices().matching("benchkit.core.(*)..").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void coreKnowsNoServerDriverOrClient() {
        noClasses().that().resideInAPackage("benchkit.core..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "benchkit.mysql..", "benchkit.launcher..",
                        "benchkit.memcached..", "benchkit.sysbench..", "benchkit.sql..", "org.mariadb..", "com.mysql..",
                        "net.spy..")
                .check(CORE);
    }

    /** Another tool's console, command lines and scripts live in that tool's module; core offers them ConsoleStyle. */
    @Test
    void coreKnowsNoToolByName() {
        noClasses().that().resideInAPackage("benchkit.core..")
                .should().haveSimpleNameContaining("Sysbench").orShould().haveSimpleNameContaining("Memslap")
                .check(CORE);
    }
}
