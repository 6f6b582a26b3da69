package io.hexmq.adapters.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.ReplicaRuntimeInfo;
import io.hexmq.application.broker.RuntimeInfoKeys;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.fakes.ScriptedClusterDirectory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cluster page over the real use case and a scripted directory of clusters, as a browser reads it. */
class ClusterPageTest {

    private static final Map<String, String> MASTER_A = Map.of(RuntimeInfoKeys.BROKER_VERSION_DESC, "V5_3_0",
            RuntimeInfoKeys.PUT_TPS, "12.50 11.00 10.20", RuntimeInfoKeys.GET_TRANSFERRED_TPS, "3.00 2.00 1.00",
            RuntimeInfoKeys.PUT_TOTAL_TODAY, "1200", RuntimeInfoKeys.GET_TOTAL_TODAY, "300",
            RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO, "0.4213");

    private final TestBroker broker = new TestBroker();
    private final HttpClient http = HttpClient.newHttpClient();
    private ConsoleServer console;

    @AfterEach
    void stop() {
        console.stop();
    }

    @Test
    void listsEveryReplica_withItsRoleVersionDiskAndRates() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .replica("DefaultCluster", "broker-a", 0, TestConsole.ADDRESS, Optional.of(MASTER_A))
                .replica("DefaultCluster", "broker-b", 0, "10.0.0.3:10911", Optional.of(Map.of(
                        RuntimeInfoKeys.BROKER_VERSION_DESC, "V4_9_4")))
                .replica("OtherCluster", "broker-c", 0, "10.0.1.1:10911", Optional.of(Map.of())));

        HttpResponse<String> page = get("/cluster");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<tr><td>DefaultCluster</td><td>broker-a</td><td class=\"num\">0</td><td>"
                + TestConsole.ADDRESS + " (this broker)</td><td>master</td><td>V5_3_0</td><td class=\"num\">42.1 %</td>"
                + "<td class=\"num\">12.50</td><td class=\"num\">3.00</td><td class=\"num\">1200</td>"
                + "<td class=\"num\">300</td></tr>");
        assertThat(page.body()).contains("<td>broker-b</td>", "<td>V4_9_4</td>", "<td>OtherCluster</td>",
                "href=\"/cluster\" aria-current=\"page\"");
    }

    @Test
    void aReplicaThatDoesNotAnswer_isShownUnreachable_besideTheOthers() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .replica("DefaultCluster", "broker-a", 0, TestConsole.ADDRESS, Optional.of(MASTER_A))
                .replica("DefaultCluster", "broker-a", 1, "10.0.0.2:10911", Optional.empty()));

        HttpResponse<String> page = get("/cluster");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<tr class=\"unreachable\"><td>DefaultCluster</td><td>broker-a</td>"
                + "<td class=\"num\">1</td><td>10.0.0.2:10911</td><td>slave</td>"
                + "<td colspan=\"6\" class=\"error\">unreachable: no answer within 3000 ms</td></tr>");
        assertThat(page.body()).contains("<td>V5_3_0</td>");
    }

    @Test
    void aSilentNameServer_isNamedAboveWhatTheOthersKnow() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .replica("DefaultCluster", "broker-a", 0, TestConsole.ADDRESS, Optional.of(MASTER_A))
                .silentNameServer("127.0.0.1:9877", "no answer within 3000 ms"));

        String page = get("/cluster").body();

        assertThat(page).contains("NameServer 127.0.0.1:9877 did not answer: no answer within 3000 ms")
                .contains("<td>broker-a</td>");
    }

    @Test
    void noClusterAtAll_isSaid_notAnError() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .silentNameServer("127.0.0.1:9876", "java.net.ConnectException: Connection refused"));

        HttpResponse<String> page = get("/cluster");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("id=\"no-cluster\"", "Connection refused");
    }

    @Test
    void aReplicaOfARaftGroup_showsItsPlaceInTheGroup() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .replica("DefaultCluster", "broker-a", 0, TestConsole.ADDRESS, Optional.of(Map.of(
                        ReplicaRuntimeInfo.ROLE, "LEADER", ReplicaRuntimeInfo.TERM, "4"))));

        assertThat(get("/cluster").body()).contains("<td>master, LEADER in term 4</td>");
    }

    @Test
    void whatABrokerSays_isEscaped() throws Exception {
        console = TestConsole.start(broker, ConsoleAccess.open(), new ScriptedClusterDirectory()
                .replica("DefaultCluster", "broker-a", 0, TestConsole.ADDRESS, Optional.of(Map.of(
                        RuntimeInfoKeys.BROKER_VERSION_DESC, "<script>alert(1)</script>"))));

        assertThat(get("/cluster").body()).doesNotContain("<script>alert").contains("&lt;script&gt;");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + console.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
