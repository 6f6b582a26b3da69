package io.hexmq.architecture;

import static io.hexmq.architecture.CycleRules.APPLICATION_FEATURES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.BOOTSTRAP_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.CHRONICLE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.CLIENT_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.DOMAIN_FEATURES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.FILE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.MODULES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.NETTY_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.RATIS_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.CycleRules.REMOTING_PACKAGES_ARE_FREE_OF_CYCLES;
import static io.hexmq.architecture.Fixtures.assertViolation;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.tngtech.archunit.lang.ArchRule;
import io.hexmq.adapters.chronicle.cyclicfixturea.ChronicleAdapterCycleA;
import io.hexmq.adapters.chronicle.cyclicfixtureb.ChronicleAdapterCycleB;
import io.hexmq.adapters.file.cyclicfixturea.FileAdapterCycleA;
import io.hexmq.adapters.file.cyclicfixtureb.FileAdapterCycleB;
import io.hexmq.adapters.netty.cyclicfixturea.NettyAdapterCycleA;
import io.hexmq.adapters.netty.cyclicfixtureb.NettyAdapterCycleB;
import io.hexmq.adapters.ratis.cyclicfixturea.RatisAdapterCycleA;
import io.hexmq.adapters.ratis.cyclicfixtureb.RatisAdapterCycleB;
import io.hexmq.application.cyclicfixturea.ApplicationCycleA;
import io.hexmq.application.cyclicfixtureb.ApplicationCycleB;
import io.hexmq.application.fixture.violation.UseCaseInModuleCycle;
import io.hexmq.bootstrap.LauncherInCycle;
import io.hexmq.bootstrap.cyclicfixturea.BootstrapCycleA;
import io.hexmq.bootstrap.cyclicfixturea.PartNeedingTheLauncher;
import io.hexmq.bootstrap.cyclicfixtureb.BootstrapCycleB;
import io.hexmq.client.internal.cyclicfixturea.ClientCycleA;
import io.hexmq.client.internal.cyclicfixtureb.ClientCycleB;
import io.hexmq.domain.cyclicfixturea.DomainCycleA;
import io.hexmq.domain.cyclicfixtureb.DomainCycleB;
import io.hexmq.domain.fixture.violation.DomainClassInModuleCycle;
import io.hexmq.remoting.cyclicfixturea.RemotingCycleA;
import io.hexmq.remoting.cyclicfixtureb.RemotingCycleB;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CycleRulesTest {

    static Stream<ArchRule> rules() {
        return Stream.of(
                MODULES_ARE_FREE_OF_CYCLES,
                DOMAIN_FEATURES_ARE_FREE_OF_CYCLES,
                APPLICATION_FEATURES_ARE_FREE_OF_CYCLES,
                NETTY_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES,
                REMOTING_PACKAGES_ARE_FREE_OF_CYCLES,
                FILE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES,
                CHRONICLE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES,
                CLIENT_PACKAGES_ARE_FREE_OF_CYCLES,
                BOOTSTRAP_PACKAGES_ARE_FREE_OF_CYCLES,
                RATIS_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES);
    }

    static Stream<Arguments> rulesWithTheirCycles() {
        return Stream.of(
                arguments(MODULES_ARE_FREE_OF_CYCLES, DomainClassInModuleCycle.class, UseCaseInModuleCycle.class),
                arguments(DOMAIN_FEATURES_ARE_FREE_OF_CYCLES, DomainCycleA.class, DomainCycleB.class),
                arguments(APPLICATION_FEATURES_ARE_FREE_OF_CYCLES, ApplicationCycleA.class, ApplicationCycleB.class),
                arguments(NETTY_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES, NettyAdapterCycleA.class, NettyAdapterCycleB.class),
                arguments(REMOTING_PACKAGES_ARE_FREE_OF_CYCLES, RemotingCycleA.class, RemotingCycleB.class),
                arguments(FILE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES, FileAdapterCycleA.class, FileAdapterCycleB.class),
                arguments(CHRONICLE_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES, ChronicleAdapterCycleA.class,
                        ChronicleAdapterCycleB.class),
                arguments(CLIENT_PACKAGES_ARE_FREE_OF_CYCLES, ClientCycleA.class, ClientCycleB.class),
                arguments(BOOTSTRAP_PACKAGES_ARE_FREE_OF_CYCLES, BootstrapCycleA.class, BootstrapCycleB.class),
                arguments(BOOTSTRAP_PACKAGES_ARE_FREE_OF_CYCLES, LauncherInCycle.class, PartNeedingTheLauncher.class),
                arguments(RATIS_ADAPTER_PACKAGES_ARE_FREE_OF_CYCLES, RatisAdapterCycleA.class, RatisAdapterCycleB.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void holdsForProductionCode(ArchRule rule) {
        rule.check(ProductionClasses.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void acceptsTheCompliantFixtures(ArchRule rule) {
        rule.check(Fixtures.compliant());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rulesWithTheirCycles")
    void catchesACycleAtItsLevel(ArchRule rule, Class<?> oneEnd, Class<?> otherEnd) {
        assertViolation(rule, Fixtures.of(oneEnd, otherEnd),
                "Cycle detected", oneEnd.getName(), otherEnd.getName());
    }
}
