package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;

/** Each third-party library stays in the ring that owns its technology. */
final class LibraryConfinementRules {

    static final ArchRule GUICE_ONLY_IN_BOOTSTRAP = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.bootstrap..")
            .should().dependOnClassesThat().resideInAnyPackage("com.google.inject..", "jakarta.inject..")
            .as("classes outside io.hexmq.bootstrap should not use Guice or jakarta.inject")
            .because("use cases and adapters take their collaborators through plain constructors, so "
                    + "tests build them by hand; the container is bootstrap's wiring detail, never a "
                    + "service locator");

    static final ArchRule NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackages("io.hexmq.remoting..", "io.hexmq.adapters.netty..", "io.hexmq.client..",
                    "io.hexmq.benchmarks.jmh..")
            .should().dependOnClassesThat().resideInAPackage("io.netty..")
            .as("classes outside the remoting module, the Netty adapter, the client SDK and the JMH benchmarks "
                    + "should not use Netty")
            .because("Netty is the remoting technology: buffers and channels stay at the network edge "
                    + "(the protocol and its client, the server on it, the SDK built on the client); "
                    + "bootstrap wires the adapter through its own constructors; a micro-benchmark of the edge "
                    + "(never shipped) drives the real pipeline through an embedded channel");

    static final ArchRule CHRONICLE_ONLY_IN_CHRONICLE_ADAPTER = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.adapters.chronicle..")
            .should().dependOnClassesThat().resideInAPackage("net.openhft..")
            .as("classes outside the Chronicle adapter should not use Chronicle")
            .because("Chronicle Queue is one store backend among several; only its adapter may know it, "
                    + "so the file store and the Chronicle store stay interchangeable behind the port");

    static final ArchRule RATIS_ONLY_IN_RATIS_ADAPTER = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.adapters.ratis..")
            .should().dependOnClassesThat().resideInAPackage("org.apache.ratis..")
            .as("classes outside the Ratis adapter should not use Ratis")
            .because("Ratis is the replication technology behind the GroupLog port; the broker's use cases "
                    + "and stores see only the port, and bootstrap hands the adapter its settings rather "
                    + "than configuring Ratis itself");

    static final ArchRule GSON_ONLY_IN_ADAPTERS_REMOTING_CLIENT_AND_BOOTSTRAP = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackages("io.hexmq.adapters..", "io.hexmq.remoting..", "io.hexmq.client..",
                    "io.hexmq.bootstrap..")
            .should().dependOnClassesThat().resideInAPackage("com.google.gson..")
            .as("the domain and the application should not use Gson")
            .because("JSON is a wire and file format; encoding belongs to the adapters (and the protocol, "
                    + "the SDK and bootstrap), never to the model or the use cases");

    static final ArchRule SNAKEYAML_ONLY_IN_FILE_ADAPTER = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.adapters.file..")
            .should().dependOnClassesThat().resideInAPackage("org.yaml.snakeyaml..")
            .as("classes outside the file adapter should not use SnakeYAML")
            .because("YAML is the format of one hand-edited file (ACL 1.0's plain_acl.yml), read and written "
                    + "behind the PlainAclStore port; the model, the use cases and the wire never see it");

    static final ArchRule METRICS_LIBRARY_ONLY_IN_METRICS_ADAPTER = noClasses()
            .that().resideInAPackage("io.hexmq..")
            .and().resideOutsideOfPackage("io.hexmq.adapters.metrics..")
            .should().dependOnClassesThat().resideInAnyPackage("io.micrometer..", "io.prometheus..")
            .as("classes outside the metrics adapter should not use Micrometer or the Prometheus client")
            .because("the metrics library is how figures are exposed, not how they are kept: the send and pull "
                    + "paths count through the application's own counters and the RequestTimings port, the "
                    + "metrics adapter reads them at scrape time, and bootstrap only composes that adapter");

    private LibraryConfinementRules() {
    }
}
