package io.hexmq.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.security.StandaloneWithSettings;
import io.hexmq.remoting.protocol.ProtocolVersion;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone node with ACL 1.0 on ({@code aclEnable}, a {@code plain_acl.yml}): its console starts, signs the
 * browser in as one of the file's accounts, and lets only an admin account create a topic. The broker signs its own
 * cluster-view requests with {@code innerClientAuthenticationCredentials}, here the admin account.
 */
class PlainAclConsoleIT {

    private static final String ACCOUNTS = """
            globalWhiteRemoteAddresses:
            accounts:
              - accessKey: opsadmin
                secretKey: opsadmin-secret
                admin: true
              - accessKey: readeracc
                secretKey: readeracc-secret
                defaultTopicPerm: SUB
                defaultGroupPerm: SUB
            """;

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void theConsole_signsInTheFilesAccounts_andChecksTheirAdminFlag() throws Exception {
        Path file = dataDir.resolve("plain_acl.yml");
        Files.writeString(file, ACCOUNTS);
        node = StandaloneWithSettings.start(dataDir, Map.of("aclEnable", "true", "aclConfigFile", file.toString(),
                "consoleEnable", "true", "consolePort", "0",
                "innerClientAuthenticationCredentials", "{\"accessKey\":\"opsadmin\",\"secretKey\":\"opsadmin-secret\"}"));
        String console = "http://127.0.0.1:" + node.broker().consolePort().orElseThrow();

        assertThat(get(console + "/", null).statusCode()).isEqualTo(401);
        assertThat(get(console + "/", basic("readeracc", "guess")).statusCode()).isEqualTo(401);
        assertThat(get(console + "/", basic("readeracc", "readeracc-secret")).statusCode()).isEqualTo(200);
        assertThat(createTopic(console, basic("readeracc", "readeracc-secret")).statusCode()).isEqualTo(403);
        assertThat(createTopic(console, basic("opsadmin", "opsadmin-secret")).statusCode()).isEqualTo(303);
        assertThat(get(console + "/cluster", basic("readeracc", "readeracc-secret")).body())
                .contains("<td>master</td><td>" + ProtocolVersion.CURRENT_NAME + "</td>");
    }

    private HttpResponse<String> get(String uri, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> createTopic(String console, String authorization) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(console + "/topics")).header("Authorization", authorization)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=Acl1ConsoleTopic")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
