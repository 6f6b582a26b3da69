package io.hexmq.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/** Adapters meet only in the hexagon, through its ports, never directly. */
final class AdapterIsolationRules {

    static final ArchRule ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER = slices()
            .matching("io.hexmq.adapters.(*)..").namingSlices("adapter '$1'")
            .should().notDependOnEachOther()
            .as("adapters (netty, file, chronicle, ...) should not depend on each other")
            .because("each adapter plugs one technology into a port; one adapter reaching into another "
                    + "couples two technologies and bypasses the port, so a store could no longer be "
                    + "swapped by installing another module");

    private AdapterIsolationRules() {
    }
}
