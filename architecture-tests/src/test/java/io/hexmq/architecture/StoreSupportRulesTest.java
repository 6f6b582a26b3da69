package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.StoreSupportRules.CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT;
import static io.hexmq.architecture.StoreSupportRules.STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK;

import io.hexmq.adapters.file.fixture.allowed.AllowedFileAdapter;
import io.hexmq.application.fixture.violation.UseCaseUsingStoreSupport;
import io.hexmq.domain.fixture.violation.DomainClassUsingStoreSupport;
import io.hexmq.storage.fixture.allowed.AllowedStoreSupport;
import io.hexmq.storage.fixture.violation.StoreSupportUsingFileAdapter;
import io.hexmq.storage.fixture.violation.StoreSupportUsingSlf4j;
import org.junit.jupiter.api.Test;

class StoreSupportRulesTest {

    @Test
    void supportRule_holdsForProductionCode() {
        STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK.check(ProductionClasses.get());
    }

    @Test
    void supportRule_acceptsTheCompliantFixtures() {
        STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK.check(Fixtures.compliant());
    }

    @Test
    void supportRule_catchesStoreSupportUsingALibrary() {
        assertViolation(STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK, Fixtures.of(StoreSupportUsingSlf4j.class),
                StoreSupportUsingSlf4j.class.getName(), "org.slf4j.Logger");
    }

    @Test
    void supportRule_catchesStoreSupportUsingAStoreAdapter() {
        assertViolation(STORE_SUPPORT_DEPENDS_ONLY_ON_ITSELF_DOMAIN_AND_JDK,
                Fixtures.of(StoreSupportUsingFileAdapter.class),
                StoreSupportUsingFileAdapter.class.getName(), AllowedFileAdapter.class.getName());
    }

    @Test
    void coreRule_holdsForProductionCode() {
        CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT.check(ProductionClasses.get());
    }

    @Test
    void coreRule_acceptsTheCompliantFixtures() {
        CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT.check(Fixtures.compliant());
    }

    @Test
    void coreRule_catchesUseCaseUsingStoreSupport() {
        assertViolation(CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT, Fixtures.of(UseCaseUsingStoreSupport.class),
                UseCaseUsingStoreSupport.class.getName(), AllowedStoreSupport.class.getName());
    }

    @Test
    void coreRule_catchesDomainClassUsingStoreSupport() {
        assertViolation(CORE_DOES_NOT_DEPEND_ON_STORE_SUPPORT, Fixtures.of(DomainClassUsingStoreSupport.class),
                DomainClassUsingStoreSupport.class.getName(), AllowedStoreSupport.class.getName());
    }
}
