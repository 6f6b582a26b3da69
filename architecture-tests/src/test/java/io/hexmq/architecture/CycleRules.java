package io.hexmq.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * No cycles between modules, nor between the feature packages of one module: the domain's and the
 * application's features, the packages of the remoting module, of the Netty and the file adapter, of
 * the client SDK's internals ({@code io.hexmq.client.internal.*}: remote, route, relay, instance,
 * producer, consumer, offsets, push, pull, admin), and of bootstrap and the Chronicle adapter, whose
 * root packages (the launcher; the store and its settings) count as packages too: each uses its
 * subpackages, and they never reach back. The SDK's public package {@code io.hexmq.client} is the
 * exception: it names the internals it builds and they return its types, so it has no level here.
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

    static final ArchRule CLIENT_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .matching("io.hexmq.client.internal.(*)..").namingSlices("client package '$1'")
            .should().beFreeOfCycles()
            .as("client SDK packages (io.hexmq.client.internal.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule BOOTSTRAP_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .assignedFrom(rootAndSubpackagesOf("io.hexmq.bootstrap")).namingSlices("bootstrap package '$1'")
            .should().beFreeOfCycles()
            .as("bootstrap packages (io.hexmq.bootstrap and io.hexmq.bootstrap.*) should be free of cycles")
            .because(BECAUSE);

    static final ArchRule CHRONICLE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .assignedFrom(rootAndSubpackagesOf("io.hexmq.adapters.chronicle")).namingSlices("chronicle package '$1'")
            .should().beFreeOfCycles()
            .as("Chronicle adapter packages (io.hexmq.adapters.chronicle and io.hexmq.adapters.chronicle.*) "
                    + "should be free of cycles")
            .because(BECAUSE);

    static final ArchRule RATIS_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES = slices()
            .assignedFrom(rootAndSubpackagesOf("io.hexmq.adapters.ratis")).namingSlices("ratis package '$1'")
            .should().beFreeOfCycles()
            .as("Ratis adapter packages (io.hexmq.adapters.ratis and io.hexmq.adapters.ratis.*) "
                    + "should be free of cycles")
            .because(BECAUSE);

    private CycleRules() {
    }

    /**
     * One slice for the classes of {@code root} itself, named {@code (root)}, and one for each of its
     * subpackages with everything below it; classes elsewhere belong to none. ArchUnit's
     * {@code matching("root.(*)..")} would leave the root package out.
     */
    private static SliceAssignment rootAndSubpackagesOf(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                if (name.equals(root)) {
                    return SliceIdentifier.of("(root)");
                }
                if (!name.startsWith(root + ".")) {
                    return SliceIdentifier.ignore();
                }
                String below = name.substring(root.length() + 1);
                int dot = below.indexOf('.');
                return SliceIdentifier.of(dot < 0 ? below : below.substring(0, dot));
            }

            @Override
            public String getDescription() {
                return root + " and each of its subpackages";
            }
        };
    }
}
