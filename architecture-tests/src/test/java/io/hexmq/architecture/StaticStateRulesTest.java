package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.StaticStateRules.STATIC_FIELDS_ARE_FINAL;

import io.hexmq.adapters.netty.fixture.violation.AdapterWithStaticMutableState;
import org.junit.jupiter.api.Test;

class StaticStateRulesTest {

    @Test
    void holdsForProductionCode() {
        STATIC_FIELDS_ARE_FINAL.check(ProductionClasses.get());
    }

    @Test
    void acceptsStaticFinalLoggers() {
        STATIC_FIELDS_ARE_FINAL.check(Fixtures.compliant());
    }

    @Test
    void catchesStaticCounter() {
        assertViolation(STATIC_FIELDS_ARE_FINAL, Fixtures.of(AdapterWithStaticMutableState.class),
                AdapterWithStaticMutableState.class.getName() + ".nextRequestId", "does not have modifier FINAL");
    }
}
