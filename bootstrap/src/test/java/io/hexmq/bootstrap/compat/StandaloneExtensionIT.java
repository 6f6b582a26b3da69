package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.config.BrokerConfig.StoreType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The fixture the integration tests stand on. Outside the nested class the callbacks are called directly,
 * in the order JUnit calls them (they read nothing from the context), so that what a stop leaves behind
 * can be looked at afterwards.
 */
class StandaloneExtensionIT {

    @Nested
    @ParameterizedClass
    @EnumSource(StoreType.class)
    class RegisteredOnAnInstanceField {

        @Parameter
        StoreType store;

        @RegisterExtension
        final StandaloneExtension<OfficialClients> hexmq =
                StandaloneExtension.onStore(() -> store.name().toLowerCase(Locale.ROOT)).withOfficialClients();

        @Test
        void runsOnTheStoreTheClassParameterNames_thoughItIsInjectedAfterTheFieldInitialisers() {
            assertThat(hexmq.server().storeType()).isEqualTo(store);
        }

        @Test
        void itsClientsTalkToItsServer() throws Exception {
            DefaultMQProducer producer = hexmq.clients().producer("pg-fixture");
            hexmq.clients().createTopic(producer, hexmq.server().broker(), "FixtureTopic", 1);

            assertThat(producer.send(new Message("FixtureTopic", "hello".getBytes(StandardCharsets.UTF_8))).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
        }
    }

    @Test
    void closesTheClientsWhileTheServerRuns_thenTheServer_andDeletesItsData_afterATest() throws Exception {
        AtomicBoolean serverUpWhenClientsClosed = new AtomicBoolean();
        StandaloneExtension<AutoCloseable> extension = StandaloneExtension.onFileStore()
                .withClients(running -> () -> serverUpWhenClientsClosed.set(accepts(running.nameServer())));

        extension.beforeEach(null);
        RunningStandalone server = extension.server();
        assertThat(server.dataDir().resolve("store")).isDirectory();
        extension.afterEach(null);

        assertThat(serverUpWhenClientsClosed).isTrue();
        assertThat(accepts(server.nameServer())).isFalse();
        assertThat(accepts(server.broker())).isFalse();
        assertThat(server.dataDir()).doesNotExist();
    }

    @Test
    void stopsTheServerItStarted_andDeletesItsData_whenItsClientsFailToOpen() {
        AtomicReference<RunningStandalone> started = new AtomicReference<>();
        StandaloneExtension<AutoCloseable> extension = StandaloneExtension.onFileStore().withClients(running -> {
            started.set(running);
            throw new IllegalStateException("clients refused");
        });

        assertThatThrownBy(() -> extension.beforeEach(null)).hasMessage("clients refused");

        assertThat(accepts(started.get().nameServer())).isFalse();
        assertThat(accepts(started.get().broker())).isFalse();
        assertThat(started.get().dataDir()).doesNotExist();
        assertThatThrownBy(extension::server).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void keepsOneServerForAllTheClassesTests_whenRegisteredOnAStaticField() throws Exception {
        StandaloneExtension<AutoCloseable> extension = StandaloneExtension.onFileStore();

        extension.beforeAll(null);
        RunningStandalone shared = extension.server();
        extension.beforeEach(null);
        assertThat(extension.server()).isSameAs(shared);
        extension.afterEach(null);
        extension.beforeEach(null);
        assertThat(extension.server()).isSameAs(shared);
        assertThat(accepts(shared.nameServer())).isTrue();
        extension.afterEach(null);
        assertThat(accepts(shared.nameServer())).isTrue();
        extension.afterAll(null);

        assertThat(accepts(shared.nameServer())).isFalse();
        assertThat(shared.dataDir()).doesNotExist();
    }

    private static boolean accepts(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(hostPort.substring(0, colon),
                    Integer.parseInt(hostPort.substring(colon + 1))), 1_000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
