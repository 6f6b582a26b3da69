package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;

/** The client SDK is a thin library: the remoting client, domain values and a few libraries. */
final class ClientSdkRules {

    static final ArchRule SDK_DEPENDS_ONLY_ON_REMOTING_CLIENT_DOMAIN_AND_ITS_LIBRARIES = classes()
            .that().resideInAPackage("io.hexmq.client..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(
                    "io.hexmq.client..",
                    "io.hexmq.adapters.netty.protocol..",
                    "io.hexmq.adapters.netty.client..",
                    "io.hexmq.domain..",
                    "io.netty..",
                    "com.google.gson..",
                    "org.slf4j..",
                    "java..")
            .as("the client SDK should depend only on itself, the Netty adapter's protocol and client "
                    + "packages, the domain, Netty, Gson, SLF4J and the JDK")
            .because("applications embed the SDK: it must not drag in the broker's server side, use cases, "
                    + "stores or container, and must run where only its own jar and these libraries are");

    private ClientSdkRules() {
    }
}
