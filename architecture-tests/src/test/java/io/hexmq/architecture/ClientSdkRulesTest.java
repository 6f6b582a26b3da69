package io.hexmq.architecture;

import static io.hexmq.architecture.ClientSdkRules.SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES;
import static io.hexmq.architecture.Fixtures.assertViolation;

import io.hexmq.adapters.netty.server.fixture.ServerSideHandler;
import io.hexmq.application.fixture.allowed.AllowedUseCase;
import io.hexmq.client.fixture.violation.ClientReachingIntoNettyServer;
import io.hexmq.client.fixture.violation.ClientUsingApplication;
import org.junit.jupiter.api.Test;

class ClientSdkRulesTest {

    @Test
    void holdsForProductionCode() {
        SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES.check(ProductionClasses.get());
    }

    @Test
    void acceptsClientUsingRemotingDomainNettyGsonAndSlf4j() {
        SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES.check(Fixtures.compliant());
    }

    @Test
    void catchesClientReachingIntoNettyServer() {
        assertViolation(SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES,
                Fixtures.of(ClientReachingIntoNettyServer.class),
                ClientReachingIntoNettyServer.class.getName(), ServerSideHandler.class.getName());
    }

    @Test
    void catchesClientUsingApplication() {
        assertViolation(SDK_DEPENDS_ONLY_ON_REMOTING_DOMAIN_AND_ITS_LIBRARIES,
                Fixtures.of(ClientUsingApplication.class),
                ClientUsingApplication.class.getName(), AllowedUseCase.class.getName());
    }
}
