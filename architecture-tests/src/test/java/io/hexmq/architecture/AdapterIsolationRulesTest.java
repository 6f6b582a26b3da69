package io.hexmq.architecture;

import static io.hexmq.architecture.AdapterIsolationRules.ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER;
import static io.hexmq.architecture.Fixtures.assertViolation;

import io.hexmq.adapters.file.fixture.violation.FileAdapterUsingNettyAdapter;
import io.hexmq.adapters.netty.fixture.allowed.AllowedNettyAdapter;
import org.junit.jupiter.api.Test;

class AdapterIsolationRulesTest {

    @Test
    void holdsForProductionCode() {
        ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER.check(ProductionClasses.get());
    }

    @Test
    void acceptsTheCompliantFixtures() {
        ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER.check(Fixtures.compliant());
    }

    @Test
    void catchesFileAdapterUsingNettyAdapter() {
        assertViolation(ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER,
                Fixtures.of(FileAdapterUsingNettyAdapter.class, AllowedNettyAdapter.class),
                "adapter 'file' depends on adapter 'netty'",
                FileAdapterUsingNettyAdapter.class.getName(), AllowedNettyAdapter.class.getName());
    }
}
