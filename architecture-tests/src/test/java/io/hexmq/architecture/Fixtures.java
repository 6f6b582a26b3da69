package io.hexmq.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.hexmq.adapters.chronicle.fixture.allowed.AllowedChronicleAdapter;
import io.hexmq.adapters.file.fixture.allowed.AllowedFileAdapter;
import io.hexmq.adapters.metrics.fixture.allowed.AllowedMetricsAdapter;
import io.hexmq.adapters.netty.fixture.allowed.AllowedNettyAdapter;
import io.hexmq.adapters.ratis.fixture.allowed.AllowedRatisAdapter;
import io.hexmq.application.fixture.allowed.AllowedUseCase;
import io.hexmq.bootstrap.fixture.allowed.AllowedCommand;
import io.hexmq.bootstrap.fixture.allowed.AllowedWiring;
import io.hexmq.client.internal.fixture.allowed.AllowedClient;
import io.hexmq.domain.fixture.allowed.AllowedValue;
import io.hexmq.domain.fixture.allowed.port.AllowedPort;
import io.hexmq.remoting.fixture.allowed.AllowedFrame;
import io.hexmq.remoting.fixture.allowed.AllowedFrameWriter;
import io.hexmq.storage.fixture.allowed.AllowedStoreSupport;

/**
 * Imports the fixture classes of this module's test sources. The violating fixtures
 * ({@code io.hexmq.*.fixture.violation}, {@code io.hexmq.*.cyclicfixture*}) each break one rule; the
 * compliant ones ({@code io.hexmq.*.fixture.allowed}) form a small hexagon that uses every library
 * where it is allowed, so each rule can also be shown not to be broader than intended.
 */
final class Fixtures {

    private static final String EMPTY_SHOULD_FAILURE = "failed to check any classes";

    private Fixtures() {
    }

    static JavaClasses of(Class<?>... classes) {
        return new ClassFileImporter().importClasses(classes);
    }

    static JavaClasses compliant() {
        return of(
                AllowedValue.class,
                AllowedPort.class,
                AllowedUseCase.class,
                AllowedNettyAdapter.class,
                AllowedFrame.class,
                AllowedStoreSupport.class,
                AllowedFrameWriter.class,
                AllowedFileAdapter.class,
                AllowedChronicleAdapter.class,
                AllowedRatisAdapter.class,
                AllowedMetricsAdapter.class,
                AllowedClient.class,
                AllowedWiring.class,
                AllowedCommand.class,
                AllowedCommand.Banner.class);
    }

    /**
     * Asserts that {@code rule} reports a violation (not merely an empty subject) on {@code classes},
     * and that the report names the rule and each of {@code expectedFragments}.
     */
    static void assertViolation(ArchRule rule, JavaClasses classes, String... expectedFragments) {
        assertThatThrownBy(() -> rule.check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(rule.getDescription())
                .hasMessageNotContaining(EMPTY_SHOULD_FAILURE)
                .hasMessageContainingAll(expectedFragments);
    }
}
