package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.PortRules.MODEL_NEVER_USES_PORTS;
import static io.hexmq.architecture.PortRules.OUTER_RING_IMPLEMENTS_ONLY_PORT_INTERFACES_OF_THE_DOMAIN;
import static io.hexmq.architecture.PortRules.PORT_PACKAGES_HOLD_ONLY_INTERFACES;

import io.hexmq.adapters.file.fixture.violation.AdapterImplementingModelInterface;
import io.hexmq.domain.fixture.violation.ModelImportingPort;
import io.hexmq.domain.fixture.violation.ModelInterfaceNotAPort;
import io.hexmq.domain.fixture.violation.port.ClassInPortPackage;
import org.junit.jupiter.api.Test;

class PortRulesTest {

    @Test
    void portPackagesRule_holdsForProductionCode() {
        PORT_PACKAGES_HOLD_ONLY_INTERFACES.check(ProductionClasses.get());
    }

    @Test
    void portPackagesRule_acceptsTheCompliantFixtures() {
        PORT_PACKAGES_HOLD_ONLY_INTERFACES.check(Fixtures.compliant());
    }

    @Test
    void portPackagesRule_catchesClassInPortPackage() {
        assertViolation(PORT_PACKAGES_HOLD_ONLY_INTERFACES, Fixtures.of(ClassInPortPackage.class),
                ClassInPortPackage.class.getName(), "is no interface");
    }

    @Test
    void outerRingRule_holdsForProductionCode() {
        OUTER_RING_IMPLEMENTS_ONLY_PORT_INTERFACES_OF_THE_DOMAIN.check(ProductionClasses.get());
    }

    @Test
    void outerRingRule_acceptsAdaptersImplementingPorts() {
        OUTER_RING_IMPLEMENTS_ONLY_PORT_INTERFACES_OF_THE_DOMAIN.check(Fixtures.compliant());
    }

    @Test
    void outerRingRule_catchesAdapterImplementingModelInterface() {
        assertViolation(OUTER_RING_IMPLEMENTS_ONLY_PORT_INTERFACES_OF_THE_DOMAIN,
                Fixtures.of(AdapterImplementingModelInterface.class, ModelInterfaceNotAPort.class),
                AdapterImplementingModelInterface.class.getName(), ModelInterfaceNotAPort.class.getName());
    }

    @Test
    void modelRule_holdsForProductionCode() {
        MODEL_NEVER_USES_PORTS.check(ProductionClasses.get());
    }

    @Test
    void modelRule_acceptsTheCompliantFixtures() {
        MODEL_NEVER_USES_PORTS.check(Fixtures.compliant());
    }

    @Test
    void modelRule_catchesModelImportingPort() {
        assertViolation(MODEL_NEVER_USES_PORTS, Fixtures.of(ModelImportingPort.class),
                ModelImportingPort.class.getName(), "io.hexmq.domain.fixture.allowed.port.AllowedPort");
    }
}
