package io.hexmq.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.security.StandaloneWithSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console in a real browser against a real standalone node: headless Debian Chromium driven by
 * playwright-core ({@code console-e2e/console.mjs}) creates a topic with the form; the official client sends to it
 * (traced) and a group consumes; the browser then sees the live rates and the cluster view (its own broker, with the
 * version it answered), finds a message by key and opens its body and its trace, and reads the group's lag. Each page's screenshot lands in {@code bootstrap/target/console-screenshots}.
 *
 * <p>Skipped, saying why, where {@code bin/test-deps} could not install Chromium or playwright-core.
 */
class ConsoleBrowserIT {

    private static final Path E2E = Path.of("..", "console-e2e").toAbsolutePath().normalize();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots").toAbsolutePath();
    private static final String TOPIC = "ConsoleOrders";
    private static final String GROUP = "ConsoleBilling";
    private static final String KEY = "order-42";
    private static final String TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";
    private static final Duration PHASE_BOUND = Duration.ofMinutes(2);

    @TempDir
    Path dataDir;

    private StandaloneNode node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void anOperatorCreatesATopic_findsAMessageByKey_andSeesAGroupsLag() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + ": run bin/test-deps to install Debian's chromium");
        assumeTrue(Files.isDirectory(E2E.resolve("node_modules/playwright-core")),
                "no playwright-core in console-e2e: run bin/test-deps");
        node = StandaloneWithSettings.start(dataDir, Map.of("consoleEnable", "true", "consolePort", "0",
                "traceTopicEnable", "true"));
        String console = "http://127.0.0.1:" + node.broker().consolePort().orElseThrow();
        String nameServer = "127.0.0.1:" + node.nameServer().address().port();
        String broker = "127.0.0.1:" + node.broker().address().port();
        Files.createDirectories(SCREENSHOTS);

        browse("create-topic", console);

        try (OfficialClients clients = new OfficialClients(nameServer)) {
            DefaultMQProducer producer = clients.tracedProducer("ConsoleProducers", TRACE_TOPIC);
            send(producer, "order 41", "order-41");
            String traced = send(producer, "order 42, body for " + KEY, KEY);
            clients.consumeAndCommit(TOPIC, GROUP, 2);
            Await.until("the group's commits reach the broker", () -> committed(producer, broker) == 2);
            send(producer, "order 43", "order-43");
            send(producer, "order 44", "order-44");
            DefaultMQAdminExt admin = OfficialClients.startedAdmin(nameServer, "console-it");
            try {
                Await.until("the traced send is in the trace topic",
                        () -> !OfficialClients.traceOf(admin, TRACE_TOPIC, traced).isEmpty());
            } finally {
                admin.shutdown();
            }

            browse("inspect", console);
        }
        assertThat(SCREENSHOTS.resolve("overview.png")).isNotEmptyFile();
        assertThat(SCREENSHOTS.resolve("cluster.png")).isNotEmptyFile();
        assertThat(SCREENSHOTS.resolve("message.png")).isNotEmptyFile();
        assertThat(SCREENSHOTS.resolve("group.png")).isNotEmptyFile();
    }

    /** @return the message id the producer was given */
    private static String send(DefaultMQProducer producer, String body, String key) throws Exception {
        Message message = new Message(TOPIC, "TagA", key, body.getBytes(StandardCharsets.UTF_8));
        SendResult sent = producer.send(message);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return sent.getMsgId();
    }

    private static long committed(DefaultMQProducer producer, String broker) {
        try {
            return OfficialClients.committedOnBroker(producer, broker, GROUP, TOPIC, 2);
        } catch (Exception notYet) {
            return -1;
        }
    }

    /** Runs one phase of the browser script; its output is the failure message when it fails. */
    private void browse(String phase, String console) throws IOException, InterruptedException {
        Path output = Files.createTempFile(dataDir, "browser-" + phase, ".log");
        ProcessBuilder builder = new ProcessBuilder("node", "console.mjs", phase).directory(E2E.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(Map.of("CONSOLE_URL", console, "SCREENSHOT_DIR", SCREENSHOTS.toString(),
                "TOPIC", TOPIC, "KEY", KEY, "GROUP", GROUP, "EXPECTED_LAG", "2"));
        Process browser = builder.start();
        boolean ended = browser.waitFor(PHASE_BOUND.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            browser.destroyForcibly();
        }
        String log = Files.readString(output);
        assertThat(ended).as("browser phase %s ended within %s:%n%s", phase, PHASE_BOUND, log).isTrue();
        assertThat(browser.exitValue()).as("browser phase %s:%n%s", phase, log).isZero();
    }
}
