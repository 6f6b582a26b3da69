package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;
import java.util.stream.Stream;

/** The client SDK is a thin library: the remoting module, domain values and a few libraries. */
final class ClientSdkRules {

    static final ArchRule SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES = classes()
            .that().resideInAPackage("io.hexmq.client..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(Stream.concat(Stream.of("io.hexmq.client.."),
                    RemotingRules.REMOTING_AND_ITS_LIBRARIES.stream()).toArray(String[]::new))
            .as("the client SDK should depend only on itself, the remoting module, the domain, Netty, "
                    + "Gson, SLF4J and the JDK")
            .because("applications embed the SDK: it must not drag in the broker's server side, use cases, "
                    + "stores or container, and must run where only its own jar and these libraries are");

    private ClientSdkRules() {
    }
}
