package io.hexmq.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/** The remoting module is the wire protocol both sides share, and nothing of either side. */
final class RemotingRules {

    /** The protocol and what it stands on; the SDK may use exactly these besides itself. */
    static final List<String> REMOTING_AND_ITS_LIBRARIES = List.of(
            "io.hexmq.remoting..",
            "io.hexmq.domain..",
            "io.netty..",
            "com.google.gson..",
            "org.slf4j..",
            "java..",
            // The JDK's own HMAC (the request signature) and TLS types, in java.base like java..
            "javax.crypto..",
            "javax.net.ssl..");

    static final ArchRule REMOTING_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_ITS_LIBRARIES = classes()
            .that().resideInAPackage("io.hexmq.remoting..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(REMOTING_AND_ITS_LIBRARIES.toArray(String[]::new))
            .as("the remoting module should depend only on itself, the domain, Netty, Gson, SLF4J and the JDK")
            .because("the broker and the SDK both stand on the protocol: a handler, use case, store, "
                    + "container or SDK type seen from it would ride into every application that embeds "
                    + "the SDK, or tie the server to the SDK");

    private RemotingRules() {
    }
}
