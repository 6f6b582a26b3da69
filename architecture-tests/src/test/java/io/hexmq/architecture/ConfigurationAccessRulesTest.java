package io.hexmq.architecture;

import static io.hexmq.architecture.ConfigurationAccessRules.ONLY_BOOTSTRAP_READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT;
import static io.hexmq.architecture.Fixtures.assertViolation;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.hexmq.adapters.netty.fixture.violation.AdapterReadingAllSystemProperties;
import io.hexmq.adapters.netty.fixture.violation.AdapterReadingBooleanProperty;
import io.hexmq.adapters.netty.fixture.violation.AdapterReadingIntegerProperty;
import io.hexmq.adapters.netty.fixture.violation.AdapterReadingLongProperty;
import io.hexmq.adapters.netty.fixture.violation.AdapterReadingSystemProperty;
import io.hexmq.application.fixture.violation.UseCaseReadingEnvironmentByReference;
import io.hexmq.domain.fixture.violation.DomainReadingEnvironment;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigurationAccessRulesTest {

    static Stream<Arguments> readers() {
        return Stream.of(
                arguments(AdapterReadingSystemProperty.class, "java.lang.System.getProperty"),
                arguments(AdapterReadingAllSystemProperties.class, "java.lang.System.getProperties"),
                arguments(DomainReadingEnvironment.class, "java.lang.System.getenv"),
                arguments(UseCaseReadingEnvironmentByReference.class, "java.lang.System.getenv"),
                arguments(AdapterReadingIntegerProperty.class, "java.lang.Integer.getInteger"),
                arguments(AdapterReadingLongProperty.class, "java.lang.Long.getLong"),
                arguments(AdapterReadingBooleanProperty.class, "java.lang.Boolean.getBoolean"));
    }

    @Test
    void holdsForProductionCode() {
        ONLY_BOOTSTRAP_READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT.check(ProductionClasses.get());
    }

    @Test
    void acceptsBootstrapReadingSystemProperties() {
        ONLY_BOOTSTRAP_READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT.check(Fixtures.compliant());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readers")
    void catchesReadOutsideBootstrap(Class<?> reader, String readMethod) {
        assertViolation(ONLY_BOOTSTRAP_READS_SYSTEM_PROPERTIES_OR_ENVIRONMENT, Fixtures.of(reader),
                reader.getName(), readMethod);
    }
}
