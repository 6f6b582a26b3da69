package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.RemotingRules.REMOTING_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_ITS_LIBRARIES;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.hexmq.adapters.file.fixture.allowed.AllowedFileAdapter;
import io.hexmq.adapters.netty.server.fixture.ServerSideHandler;
import io.hexmq.application.fixture.allowed.AllowedUseCase;
import io.hexmq.bootstrap.fixture.allowed.AllowedWiring;
import io.hexmq.client.internal.fixture.allowed.AllowedClient;
import io.hexmq.remoting.fixture.violation.RemotingCallingUseCase;
import io.hexmq.remoting.fixture.violation.RemotingUsingBootstrap;
import io.hexmq.remoting.fixture.violation.RemotingUsingClientSdk;
import io.hexmq.remoting.fixture.violation.RemotingUsingServerHandler;
import io.hexmq.remoting.fixture.violation.RemotingWritingToStore;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RemotingRulesTest {

    /** Each violating fixture with the type it must not see: a handler, use case, store, wiring, the SDK. */
    static Stream<Arguments> violations() {
        return Stream.of(
                arguments(RemotingUsingServerHandler.class, ServerSideHandler.class),
                arguments(RemotingCallingUseCase.class, AllowedUseCase.class),
                arguments(RemotingWritingToStore.class, AllowedFileAdapter.class),
                arguments(RemotingUsingBootstrap.class, AllowedWiring.class),
                arguments(RemotingUsingClientSdk.class, AllowedClient.class));
    }

    @Test
    void holdsForProductionCode() {
        REMOTING_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_ITS_LIBRARIES.check(ProductionClasses.get());
    }

    @Test
    void acceptsRemotingUsingDomainNettyGsonAndSlf4j() {
        REMOTING_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_ITS_LIBRARIES.check(Fixtures.compliant());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("violations")
    void catchesRemotingReachingOutOfTheProtocol(Class<?> fixture, Class<?> forbidden) {
        assertViolation(REMOTING_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_ITS_LIBRARIES, Fixtures.of(fixture),
                fixture.getName(), forbidden.getName());
    }
}
