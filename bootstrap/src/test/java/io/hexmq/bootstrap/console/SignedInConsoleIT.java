package io.hexmq.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.security.StandaloneWithSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A standalone node with ACL 2.0 on: its console asks the browser to sign in as one of the broker's users. */
class SignedInConsoleIT {

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void theConsole_signsInTheBrokersFirstUser_andRefusesEveryoneElse() throws Exception {
        node = StandaloneWithSettings.start(dataDir, Map.of("authenticationEnabled", "true",
                "authorizationEnabled", "true", "consoleEnable", "true", "consolePort", "0",
                "initAuthenticationUser", "{\"username\":\"rocketmq\",\"password\":\"12345678\"}"));
        URI overview = URI.create("http://127.0.0.1:" + node.broker().consolePort().orElseThrow() + "/");

        HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(overview).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> signedIn = http.send(HttpRequest.newBuilder(overview)
                .header("Authorization", basic("rocketmq", "12345678")).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> wrongPassword = http.send(HttpRequest.newBuilder(overview)
                .header("Authorization", basic("rocketmq", "guess")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(challenge ->
                assertThat(challenge).startsWith("Basic realm="));
        assertThat(signedIn.statusCode()).isEqualTo(200);
        assertThat(signedIn.body()).contains("Overview of broker-a");
        assertThat(wrongPassword.statusCode()).isEqualTo(401);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
