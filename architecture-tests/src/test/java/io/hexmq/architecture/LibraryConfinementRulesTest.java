package io.hexmq.architecture;

import static io.hexmq.architecture.Fixtures.assertViolation;
import static io.hexmq.architecture.LibraryConfinementRules.CHRONICLE_ONLY_IN_CHRONICLE_ADAPTER;
import static io.hexmq.architecture.LibraryConfinementRules.GSON_ONLY_IN_ADAPTERS_REMOTING_CLIENT_AND_BOOTSTRAP;
import static io.hexmq.architecture.LibraryConfinementRules.GUICE_ONLY_IN_BOOTSTRAP;
import static io.hexmq.architecture.LibraryConfinementRules.METRICS_LIBRARY_ONLY_IN_METRICS_ADAPTER;
import static io.hexmq.architecture.LibraryConfinementRules.NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT;
import static io.hexmq.architecture.LibraryConfinementRules.RATIS_ONLY_IN_RATIS_ADAPTER;
import static io.hexmq.architecture.LibraryConfinementRules.SNAKEYAML_ONLY_IN_FILE_ADAPTER;

import io.hexmq.adapters.file.fixture.violation.FileAdapterUsingChronicle;
import io.hexmq.adapters.netty.fixture.violation.AdapterUsingGuice;
import io.hexmq.application.fixture.violation.UseCaseAnnotatedWithInject;
import io.hexmq.application.fixture.violation.UseCaseUsingGson;
import io.hexmq.application.fixture.violation.UseCaseReadingYaml;
import io.hexmq.bootstrap.fixture.violation.WiringUsingMicrometer;
import io.hexmq.bootstrap.fixture.violation.WiringUsingNettyAllocator;
import io.hexmq.bootstrap.fixture.violation.WiringUsingRatisProperties;
import io.hexmq.domain.fixture.violation.DomainClassUsingNetty;
import org.junit.jupiter.api.Test;

class LibraryConfinementRulesTest {

    @Test
    void guiceRule_holdsForProductionCode() {
        GUICE_ONLY_IN_BOOTSTRAP.check(ProductionClasses.get());
    }

    @Test
    void guiceRule_acceptsGuiceInBootstrapWiring() {
        GUICE_ONLY_IN_BOOTSTRAP.check(Fixtures.compliant());
    }

    @Test
    void guiceRule_catchesAdapterUsingTheInjector() {
        assertViolation(GUICE_ONLY_IN_BOOTSTRAP, Fixtures.of(AdapterUsingGuice.class),
                AdapterUsingGuice.class.getName(), "com.google.inject.Injector");
    }

    @Test
    void guiceRule_catchesUseCaseAnnotatedWithJakartaInject() {
        assertViolation(GUICE_ONLY_IN_BOOTSTRAP, Fixtures.of(UseCaseAnnotatedWithInject.class),
                UseCaseAnnotatedWithInject.class.getName(), "jakarta.inject.Inject");
    }

    @Test
    void nettyRule_holdsForProductionCode() {
        NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT.check(ProductionClasses.get());
    }

    @Test
    void nettyRule_acceptsNettyInRemotingTheNettyAdapterAndTheClient() {
        NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT.check(Fixtures.compliant());
    }

    @Test
    void nettyRule_catchesDomainClassUsingNetty() {
        assertViolation(NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT, Fixtures.of(DomainClassUsingNetty.class),
                DomainClassUsingNetty.class.getName(), "io.netty.buffer.ByteBuf");
    }

    @Test
    void nettyRule_catchesBootstrapConfiguringNettyItself() {
        assertViolation(NETTY_ONLY_IN_REMOTING_NETTY_ADAPTER_AND_CLIENT, Fixtures.of(WiringUsingNettyAllocator.class),
                WiringUsingNettyAllocator.class.getName(), "io.netty.buffer.PooledByteBufAllocator");
    }

    @Test
    void chronicleRule_holdsForProductionCode() {
        CHRONICLE_ONLY_IN_CHRONICLE_ADAPTER.check(ProductionClasses.get());
    }

    @Test
    void chronicleRule_acceptsChronicleInTheChronicleAdapter() {
        CHRONICLE_ONLY_IN_CHRONICLE_ADAPTER.check(Fixtures.compliant());
    }

    @Test
    void chronicleRule_catchesFileAdapterUsingChronicle() {
        assertViolation(CHRONICLE_ONLY_IN_CHRONICLE_ADAPTER, Fixtures.of(FileAdapterUsingChronicle.class),
                FileAdapterUsingChronicle.class.getName(), "net.openhft.chronicle.queue.ChronicleQueue");
    }

    @Test
    void gsonRule_holdsForProductionCode() {
        GSON_ONLY_IN_ADAPTERS_REMOTING_CLIENT_AND_BOOTSTRAP.check(ProductionClasses.get());
    }

    @Test
    void gsonRule_acceptsGsonInAdaptersRemotingClientAndBootstrap() {
        GSON_ONLY_IN_ADAPTERS_REMOTING_CLIENT_AND_BOOTSTRAP.check(Fixtures.compliant());
    }

    @Test
    void gsonRule_catchesUseCaseUsingGson() {
        assertViolation(GSON_ONLY_IN_ADAPTERS_REMOTING_CLIENT_AND_BOOTSTRAP, Fixtures.of(UseCaseUsingGson.class),
                UseCaseUsingGson.class.getName(), "com.google.gson.Gson");
    }

    @Test
    void ratisRule_holdsForProductionCode() {
        RATIS_ONLY_IN_RATIS_ADAPTER.check(ProductionClasses.get());
    }

    @Test
    void ratisRule_acceptsRatisInTheRatisAdapter() {
        RATIS_ONLY_IN_RATIS_ADAPTER.check(Fixtures.compliant());
    }

    @Test
    void ratisRule_catchesBootstrapConfiguringRatisItself() {
        assertViolation(RATIS_ONLY_IN_RATIS_ADAPTER, Fixtures.of(WiringUsingRatisProperties.class),
                WiringUsingRatisProperties.class.getName(), "org.apache.ratis.conf.RaftProperties");
    }

    @Test
    void snakeYamlRule_holdsForProductionCode() {
        SNAKEYAML_ONLY_IN_FILE_ADAPTER.check(ProductionClasses.get());
    }

    @Test
    void snakeYamlRule_acceptsSnakeYamlInTheFileAdapter() {
        SNAKEYAML_ONLY_IN_FILE_ADAPTER.check(Fixtures.compliant());
    }

    @Test
    void snakeYamlRule_catchesUseCaseReadingYaml() {
        assertViolation(SNAKEYAML_ONLY_IN_FILE_ADAPTER, Fixtures.of(UseCaseReadingYaml.class),
                UseCaseReadingYaml.class.getName(), "org.yaml.snakeyaml.Yaml");
    }

    @Test
    void metricsLibraryRule_holdsForProductionCode() {
        METRICS_LIBRARY_ONLY_IN_METRICS_ADAPTER.check(ProductionClasses.get());
    }

    @Test
    void metricsLibraryRule_acceptsMicrometerInTheMetricsAdapter() {
        METRICS_LIBRARY_ONLY_IN_METRICS_ADAPTER.check(Fixtures.compliant());
    }

    @Test
    void metricsLibraryRule_catchesBootstrapBuildingMetersItself() {
        assertViolation(METRICS_LIBRARY_ONLY_IN_METRICS_ADAPTER, Fixtures.of(WiringUsingMicrometer.class),
                WiringUsingMicrometer.class.getName(), "io.micrometer.core.instrument.simple.SimpleMeterRegistry");
    }
}
