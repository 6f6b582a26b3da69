package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;

/** The direction of dependencies inside the hexagon: the core never points outwards. */
final class HexagonDependencyRules {

    static final ArchRule DOMAIN_DEPENDS_ONLY_ON_DOMAIN_AND_JDK = classes()
            .that().resideInAPackage("io.hexmq.domain..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.hexmq.domain..", "java..")
            .as("domain classes should depend only on the domain and the JDK")
            .because("the model and its ports are what every adapter plugs into; a library or an outer "
                    + "ring seen from there ties the core to one technology");

    static final ArchRule APPLICATION_DEPENDS_ONLY_ON_APPLICATION_DOMAIN_AND_JDK = classes()
            .that().resideInAPackage("io.hexmq.application..")
            .should().onlyDependOnClassesThat()
            .resideInAnyPackage("io.hexmq.application..", "io.hexmq.domain..", "java..")
            .as("application classes should depend only on the application, the domain and the JDK")
            .because("use cases drive the domain through its ports; wire formats, files and containers "
                    + "are the adapters' business, and no protocol type may enter a use case");

    private HexagonDependencyRules() {
    }
}
