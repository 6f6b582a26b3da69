package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.HexagonDependencyRules.APPLICATION_DEPENDS_ONLY_ON_APPLICATION_DOMAIN_AND_JDK;
import static io.hexmq.architecture.HexagonDependencyRules.DOMAIN_DEPENDS_ONLY_ON_DOMAIN_AND_JDK;

import io.hexmq.application.fixture.violation.UseCaseUsingGson;
import io.hexmq.domain.fixture.violation.DomainClassUsingNetty;
import org.junit.jupiter.api.Test;

class HexagonDependencyRulesTest {

    @Test
    void domainRule_holdsForProductionCode() {
        DOMAIN_DEPENDS_ONLY_ON_DOMAIN_AND_JDK.check(ProductionClasses.get());
    }

    @Test
    void domainRule_acceptsTheCompliantFixtures() {
        DOMAIN_DEPENDS_ONLY_ON_DOMAIN_AND_JDK.check(Fixtures.compliant());
    }

    @Test
    void domainRule_catchesDomainClassUsingNetty() {
        assertViolation(DOMAIN_DEPENDS_ONLY_ON_DOMAIN_AND_JDK, Fixtures.of(DomainClassUsingNetty.class),
                DomainClassUsingNetty.class.getName(), "io.netty.buffer.ByteBuf");
    }

    @Test
    void applicationRule_holdsForProductionCode() {
        APPLICATION_DEPENDS_ONLY_ON_APPLICATION_DOMAIN_AND_JDK.check(ProductionClasses.get());
    }

    @Test
    void applicationRule_acceptsTheCompliantFixtures() {
        APPLICATION_DEPENDS_ONLY_ON_APPLICATION_DOMAIN_AND_JDK.check(Fixtures.compliant());
    }

    @Test
    void applicationRule_catchesUseCaseUsingGson() {
        assertViolation(APPLICATION_DEPENDS_ONLY_ON_APPLICATION_DOMAIN_AND_JDK, Fixtures.of(UseCaseUsingGson.class),
                UseCaseUsingGson.class.getName(), "com.google.gson.Gson");
    }
}
