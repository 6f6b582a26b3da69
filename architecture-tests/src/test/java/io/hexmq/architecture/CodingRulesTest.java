package io.hexmq.architecture;

import static io.hexmq.architecture.CodingRules.NO_FIELD_INJECTION;
import static io.hexmq.architecture.CodingRules.NO_GENERIC_EXCEPTIONS;
import static io.hexmq.architecture.CodingRules.NO_JAVA_UTIL_LOGGING;
import static io.hexmq.architecture.CodingRules.ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS;
import static io.hexmq.architecture.Fixtures.assertViolation;

import io.hexmq.adapters.netty.fixture.violation.AdapterPrintingStackTrace;
import io.hexmq.adapters.netty.fixture.violation.AdapterPrintingToStandardOut;
import io.hexmq.adapters.netty.fixture.violation.AdapterThrowingGenericException;
import io.hexmq.adapters.netty.fixture.violation.AdapterUsingJavaUtilLogging;
import io.hexmq.bootstrap.fixture.violation.BootstrapClassPrintingOutsideCli;
import io.hexmq.bootstrap.fixture.violation.WiringWithFieldInjection;
import org.junit.jupiter.api.Test;

class CodingRulesTest {

    @Test
    void standardStreamsRule_holdsForProductionCode() {
        ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS.check(ProductionClasses.get());
    }

    @Test
    void standardStreamsRule_acceptsLauncherCommandsAndTheirNestedClasses() {
        ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS.check(Fixtures.compliant());
    }

    @Test
    void standardStreamsRule_catchesAdapterPrintingToStandardOut() {
        assertViolation(ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS, Fixtures.of(AdapterPrintingToStandardOut.class),
                AdapterPrintingToStandardOut.class.getName(), "java.lang.System.out");
    }

    @Test
    void standardStreamsRule_catchesAdapterPrintingStackTrace() {
        assertViolation(ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS, Fixtures.of(AdapterPrintingStackTrace.class),
                AdapterPrintingStackTrace.class.getName(), "printStackTrace");
    }

    @Test
    void standardStreamsRule_catchesBootstrapClassThatIsNoCliCommand() {
        assertViolation(ONLY_CLI_COMMANDS_USE_STANDARD_STREAMS, Fixtures.of(BootstrapClassPrintingOutsideCli.class),
                BootstrapClassPrintingOutsideCli.class.getName(), "java.lang.System.out");
    }

    @Test
    void genericExceptionsRule_holdsForProductionCode() {
        NO_GENERIC_EXCEPTIONS.check(ProductionClasses.get());
    }

    @Test
    void genericExceptionsRule_acceptsTheCompliantFixtures() {
        NO_GENERIC_EXCEPTIONS.check(Fixtures.compliant());
    }

    @Test
    void genericExceptionsRule_catchesAdapterThrowingRuntimeException() {
        assertViolation(NO_GENERIC_EXCEPTIONS, Fixtures.of(AdapterThrowingGenericException.class),
                AdapterThrowingGenericException.class.getName(), "java.lang.RuntimeException");
    }

    @Test
    void javaUtilLoggingRule_holdsForProductionCode() {
        NO_JAVA_UTIL_LOGGING.check(ProductionClasses.get());
    }

    @Test
    void javaUtilLoggingRule_acceptsTheCompliantFixtures() {
        NO_JAVA_UTIL_LOGGING.check(Fixtures.compliant());
    }

    @Test
    void javaUtilLoggingRule_catchesAdapterUsingJavaUtilLogging() {
        assertViolation(NO_JAVA_UTIL_LOGGING, Fixtures.of(AdapterUsingJavaUtilLogging.class),
                AdapterUsingJavaUtilLogging.class.getName(), "java.util.logging.Logger");
    }

    @Test
    void fieldInjectionRule_holdsForProductionCode() {
        NO_FIELD_INJECTION.check(ProductionClasses.get());
    }

    @Test
    void fieldInjectionRule_acceptsTheCompliantFixtures() {
        NO_FIELD_INJECTION.check(Fixtures.compliant());
    }

    @Test
    void fieldInjectionRule_catchesWiringWithFieldInjection() {
        assertViolation(NO_FIELD_INJECTION, Fixtures.of(WiringWithFieldInjection.class),
                WiringWithFieldInjection.class.getName() + ".port", "is annotated with @Inject");
    }
}
