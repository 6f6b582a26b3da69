package io.hexmq.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * No cycles between modules, nor between the feature packages of one module. The client SDK
 * ({@code io.hexmq.client} + {@code .internal}), bootstrap ({@code io.hexmq.bootstrap} + {@code .wiring})
 * and the Chronicle adapter (one package) are not organised by feature, so they have no level here.
 */
final class CycleRules {

    private static final String BECAUSE = "a cycle fuses its members into one unit that can only be "
            + "understood, tested and changed as a whole; features depend on each other in one direction";

    static final ArchRule MODULES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.(*)..").namingSlices("module '$1'")
            .should().beFreeOfCycles()
            .as("modules (io.hexmq.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule DOMAIN_FEATURES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.domain.(*)..").namingSlices("domain feature '$1'")
            .should().beFreeOfCycles()
            .as("domain features (io.hexmq.domain.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule APPLICATION_FEATURES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.application.(*)..").namingSlices("application feature '$1'")
            .should().beFreeOfCycles()
            .as("application features (io.hexmq.application.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule NETTY_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.adapters.netty.(*)..").namingSlices("netty package '$1'")
            .should().beFreeOfCycles()
            .as("Netty adapter packages (io.hexmq.adapters.netty.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule REMOTING_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.remoting.(*)..").namingSlices("remoting package '$1'")
            .should().beFreeOfCycles()
            .as("remoting packages (io.hexmq.remoting.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule FILE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.adapters.file.(*)..").namingSlices("file package '$1'")
            .should().beFreeOfCycles()
            .as("file adapter packages (io.hexmq.adapters.file.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule RATIS_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.adapters.ratis.(*)..").namingSlices("ratis package '$1'")
            .should().beFreeOfCycles()
            .as("Ratis adapter packages (io.hexmq.adapters.ratis.*) should be free of cycles")
            .because(BECAUSE);

    private CycleRules() {
    }
}
