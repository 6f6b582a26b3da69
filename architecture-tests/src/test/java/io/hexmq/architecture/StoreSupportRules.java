package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The store support module ({@code io.hexmq.storage}): what the message store adapters share, which is
 * neither the model nor one of the stores.
 */
final class StoreSupportRules {

    static final ArchRule STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK = classes()
            .that().resideInAPackage("io.hexmq.storage..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.hexmq.storage..", "io.hexmq.domain..", "java..")
            .as("store support classes should depend only on store support, the domain and the JDK")
            .because("every store adapter builds on it, whatever its technology: a library or a store seen "
                    + "from there would reach every store, and the adapters would no longer be independent");

    static final ArchRule CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT = noClasses()
            .that().resideInAnyPackage("io.hexmq.domain..", "io.hexmq.application..")
            .should().dependOnClassesThat().resideInAPackage("io.hexmq.storage..")
            .as("the domain and the application should not depend on store support")
            .because("the core speaks to the stores through the MessageStore port; the plumbing behind the "
                    + "port is the stores' business, so the domain stays the model and its ports");

    private StoreSupportRules() {
    }
}
