package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;

import com.tngtech.archunit.lang.ArchRule;

/** No static mutable state: what changes belongs to an instance wired in bootstrap. */
final class StaticStateRules {

    static final ArchRule STATIC_FIELDS_ARE_FINAL = fields()
            .that().areStatic()
            .and().areDeclaredInClassesThat().resideInAPackage("io.hexmq..")
            .should().beFinal()
            .as("static fields should be final")
            .because("static mutable state is shared by every broker in one JVM and by every test in one "
                    + "run (RocketMQ's static RemotingCommand settings are the example not to follow)");

    private StaticStateRules() {
    }
}
