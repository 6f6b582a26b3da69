package io.hexmq.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.BrokerNode;
import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.FreePorts;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.bootstrap.security.StandaloneWithSettings;
import io.hexmq.remoting.protocol.ProtocolVersion;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's cluster view on a real standalone node: its own broker, read over the wire from the NameServer and
 * the broker itself, with its live version and role; a second broker registered with the same NameServer beside
 * it; and, with ACL 2.0 on at the NameServer and the broker, the same answers to requests the broker signs with its
 * inner credentials.
 */
class ClusterViewIT {

    private static final String INNER = "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}";

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private BrokerNode secondBroker;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        if (secondBroker != null) {
            secondBroker.close();
        }
        if (node != null) {
            node.close();
        }
    }

    @Test
    void showsItsOwnBroker_withItsLiveVersionAndRole_andASecondBrokerOfTheNameServer() throws Exception {
        node = StandaloneWithSettings.start(dataDir, Map.of("consoleEnable", "true", "consolePort", "0"));
        secondBroker = BrokerNode.start(BrokerConfig.from(RawConfig.of(secondBrokerSettings())));
        String own = "127.0.0.1:" + node.broker().address().port();
        String second = "127.0.0.1:" + secondBroker.address().port();

        Await.until("both brokers on the cluster page", () -> cluster(Map.of()).contains("<td>broker-b</td>"));
        String page = cluster(Map.of());

        assertThat(page).contains("<td>DefaultCluster</td><td>broker-a</td><td class=\"num\">0</td><td>" + own
                + " (this broker)</td><td>master</td><td>" + ProtocolVersion.CURRENT_NAME + "</td>");
        assertThat(page).contains("<td>broker-b</td><td class=\"num\">0</td><td>" + second
                + "</td><td>master</td><td>" + ProtocolVersion.CURRENT_NAME + "</td>");
        assertThat(page).doesNotContain("class=\"unreachable\"", "did not answer");
    }

    @Test
    void withAcl2On_theBrokerSignsItsRequests_andTheSignedInUserSeesTheCluster() throws Exception {
        node = StandaloneWithSettings.start(dataDir, Map.of("authenticationEnabled", "true",
                "authorizationEnabled", "true", "consoleEnable", "true", "consolePort", "0",
                "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}",
                "innerClientAuthenticationCredentials", INNER));
        Map<String, String> signedIn = Map.of("Authorization", "Basic " + Base64.getEncoder()
                .encodeToString("rocketmq:12345678".getBytes(StandardCharsets.UTF_8)));

        Await.until("the broker on the cluster page", () -> cluster(signedIn).contains("<td>broker-a</td>"));
        String page = cluster(signedIn);

        assertThat(page).contains("<td>master</td><td>" + ProtocolVersion.CURRENT_NAME + "</td>")
                .doesNotContain("class=\"unreachable\"", "did not answer");
    }

    @Test
    void withAcl2On_andNoInnerCredentials_theRefusalIsShown_notAnErrorPage() throws Exception {
        node = StandaloneWithSettings.start(dataDir, Map.of("authenticationEnabled", "true",
                "consoleEnable", "true", "consolePort", "0",
                "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}"));
        Map<String, String> signedIn = Map.of("Authorization", "Basic " + Base64.getEncoder()
                .encodeToString("rocketmq:12345678".getBytes(StandardCharsets.UTF_8)));

        assertThat(cluster(signedIn)).contains("did not answer: refused");
    }

    private Map<String, String> secondBrokerSettings() throws Exception {
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("brokerName", "broker-b");
        raw.put("namesrvAddr", "127.0.0.1:" + node.nameServer().address().port());
        raw.put("storePathRootDir", dataDir.resolve("broker-b/store").toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(8 * 1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(20 * 10_000));
        raw.put("listenPort", Integer.toString(FreePorts.brokerPort(new HostPort("127.0.0.1", 0)).port()));
        return raw;
    }

    private String cluster(Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + node.broker().consolePort().orElseThrow() + "/cluster"));
        headers.forEach(request::header);
        try {
            HttpResponse<String> page = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
            return page.body();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
