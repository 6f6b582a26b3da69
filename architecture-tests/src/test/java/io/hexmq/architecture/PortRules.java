package io.hexmq.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;

/**
 * Driven ports: interfaces in {@code ..port..} packages, named for what the core needs, implemented by
 * the outer ring and called by use cases, never by the model.
 */
final class PortRules {

    private static final String PORT_PACKAGES = "..port..";

    private static final DescribedPredicate<JavaClass> DOMAIN_TYPES_OUTSIDE_PORT_PACKAGES =
            resideInAPackage("io.hexmq.domain..").and(resideOutsideOfPackage(PORT_PACKAGES));

    static final ArchRule PORT_PACKAGES_HOLD_ONLY_INTERFACES = classes()
            .that().resideInAPackage("io.hexmq" + PORT_PACKAGES)
            .should().beInterfaces()
            .as("classes in port packages (..port..) should be interfaces")
            .because("a port is a promise the core makes to its adapters; its implementations live in "
                    + "the adapters, and the values and exceptions a port speaks live in the model next "
                    + "to it");

    static final ArchRule OUTER_RING_IMPLEMENTS_ONLY_PORT_INTERFACES_OF_THE_DOMAIN = classes()
            .that().resideInAnyPackage("io.hexmq.adapters..", "io.hexmq.remoting..", "io.hexmq.client..",
                    "io.hexmq.bootstrap..")
            .should(implementNoDomainInterfaceOutsidePortPackages())
            .as("adapters, remoting, client and bootstrap should implement no domain interface outside a port "
                    + "package")
            .because("a domain interface that the outer ring implements is a driven port, and driven "
                    + "ports live in ..port.. packages where the model cannot see them");

    static final ArchRule MODEL_NEVER_USES_PORTS = noClasses()
            .that().resideInAPackage("io.hexmq.domain..")
            .and().resideOutsideOfPackage(PORT_PACKAGES)
            .should().dependOnClassesThat().resideInAPackage(PORT_PACKAGES)
            .as("the domain model (outside port packages) should not depend on port packages")
            .because("the model decides, use cases talk to the outside through ports; a model that "
                    + "calls a port hides I/O inside rules that should be testable as plain values");

    private PortRules() {
    }

    /** Names each offending interface, which ArchUnit's {@code implement(predicate)} does not. */
    private static ArchCondition<JavaClass> implementNoDomainInterfaceOutsidePortPackages() {
        return new ArchCondition<>("implement no domain interface outside a port package") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                for (JavaClass implemented : javaClass.getAllRawInterfaces()) {
                    if (DOMAIN_TYPES_OUTSIDE_PORT_PACKAGES.test(implemented)) {
                        events.add(violated(javaClass, javaClass.getDescription() + " implements "
                                + implemented.getDescription() + ", which is outside a port package, in "
                                + javaClass.getSourceCodeLocation()));
                    }
                }
            }
        };
    }
}
