package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.admin.AdminCli.Result;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import java.util.ArrayList;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code hexmq admin ...} run through picocli in this JVM against a real hexmq standalone. */
class AdminCommandIT {

    @RegisterExtension
    static final StandaloneExtension<?> hexmq = StandaloneExtension.onFileStore();

    private static AdminCli cli;

    @BeforeAll
    static void start() {
        cli = new AdminCli(hexmq.server().nameServer());
    }

    @Test
    void clusterList_showsTheBrokerInATable_andItsRuntimeInJson() {
        Result table = cli.run("cluster", "list");

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines().get(0)).matches(
                "CLUSTER +BROKER +ID +ADDRESS +VERSION +IN TPS +OUT TPS +IN TODAY +OUT TODAY +ROLE +TERM +LAG");
        assertThat(table.outLines()).hasSize(2);
        assertThat(table.outLines().get(1)).startsWith(hexmq.server().clusterName())
                .contains(hexmq.server().brokerName()).contains("V5_5_0").matches(".*\\s-\\s+-\\s+-");

        Result json = cli.run("cluster", "list", "--json");
        JsonObject broker = json.json().getAsJsonArray().get(0).getAsJsonObject();
        assertThat(broker.get("brokerName").getAsString()).isEqualTo(hexmq.server().brokerName());
        assertThat(broker.get("brokerId").getAsLong()).isZero();
        assertThat(broker.getAsJsonObject("runtime").has("brokerVersionDesc")).isTrue();
    }

    @Test
    void topicCreate_withAMessageTypeAttribute_isReadBackByTheOfficialAdminAsThatType() throws Exception {
        Result created = cli.run("topic", "create", "cli-fifo", "-q", "2", "--attribute", "+message.type=FIFO");

        assertThat(created.exitCode()).as("%s", created).isZero();
        assertThat(created.out()).endsWith("perm 6 (rw), attributes +message.type=FIFO\n");
        awaitRoute("cli-fifo");
        DefaultMQAdminExt admin = OfficialClients.startedAdmin(hexmq.server().nameServer(), "cli-fifo-admin");
        try {
            TopicConfig config = admin.examineTopicConfig(hexmq.server().broker(), "cli-fifo");
            assertThat(config.getTopicMessageType()).isEqualTo(TopicMessageType.FIFO);
        } finally {
            admin.shutdown();
        }
        Result refused = cli.run("topic", "create", "cli-odd", "--attribute", "message.type");
        assertThat(refused.exitCode()).isNotZero();
    }

    @Test
    void topicCreate_routesTheTopic_andRefusesToCreateItTwice() {
        Result created = cli.run("topic", "create", "cli-created", "--queues", "3");

        assertThat(created.exitCode()).as("%s", created).isZero();
        assertThat(created.out()).isEqualTo("Created topic cli-created on cluster " + hexmq.server().clusterName()
                + ": 3 read / 3 write queues per broker, perm 6 (rw)\n");
        awaitRoute("cli-created");

        Result route = cli.run("topic", "route", "cli-created");
        assertThat(route.exitCode()).as("%s", route).isZero();
        assertThat(route.outLines()).hasSize(2);
        assertThat(route.outLines().get(0)).matches("BROKER +CLUSTER +MASTER +READ QUEUES +WRITE QUEUES +PERM");
        assertThat(route.outLines().get(1)).matches(hexmq.server().brokerName() + " +" + hexmq.server().clusterName()
                + " +127\\.0\\.0\\.1:\\d+ +3 +3 +6 \\(rw\\)");

        JsonObject json = cli.run("topic", "route", "cli-created", "--json").json().getAsJsonObject();
        JsonObject queues = json.getAsJsonArray("queues").get(0).getAsJsonObject();
        assertThat(queues.get("readQueueNums").getAsInt()).isEqualTo(3);
        assertThat(json.getAsJsonArray("brokers").get(0).getAsJsonObject().getAsJsonObject("addresses").has("0"))
                .isTrue();

        Result again = cli.run("topic", "create", "cli-created");
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.out()).isEmpty();
        assertThat(again.errLines()).containsExactly(
                "hexmq: topic create: topic cli-created exists already; change it with 'topic update'");
    }

    @Test
    void topicUpdate_changesWhatIsGiven_andKeepsTheRest() {
        cli.run("topic", "create", "cli-updated", "--queues", "4");
        awaitRoute("cli-updated");

        Result updated = cli.run("topic", "update", "cli-updated", "--write-queues", "2", "--json");

        assertThat(updated.exitCode()).as("%s", updated).isZero();
        JsonObject json = updated.json().getAsJsonObject();
        assertThat(json.get("readQueueNums").getAsInt()).isEqualTo(4);
        assertThat(json.get("writeQueueNums").getAsInt()).isEqualTo(2);
        assertThat(json.get("cluster").getAsString()).isEqualTo(hexmq.server().clusterName());
        Await.until("the route shows 2 write queues", () -> {
            Result route = cli.run("topic", "route", "cli-updated", "--json");
            return route.exitCode() == 0 && route.json().getAsJsonObject().getAsJsonArray("queues").get(0)
                    .getAsJsonObject().get("writeQueueNums").getAsInt() == 2;
        });
    }

    @Test
    void topicListAndDelete_showAndRemoveATopic() {
        cli.run("topic", "create", "cli-doomed", "-q", "1");
        awaitRoute("cli-doomed");

        Result list = cli.run("topic", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.outLines().get(0)).isEqualTo("TOPIC");
        assertThat(list.outLines()).contains("cli-doomed");
        assertThat(cli.run("topic", "list", "--json").json().getAsJsonArray())
                .extracting(JsonElement::getAsString).contains("cli-doomed");

        Result deleted = cli.run("topic", "delete", "cli-doomed", "--cluster", hexmq.server().clusterName());
        assertThat(deleted.exitCode()).as("%s", deleted).isZero();
        assertThat(deleted.out())
                .isEqualTo("Deleted topic cli-doomed from cluster " + hexmq.server().clusterName() + "\n");
        assertThat(cli.run("topic", "list").outLines()).doesNotContain("cli-doomed");
    }

    @Test
    void topicRoute_ofAnUnknownTopic_failsWithOneLineCarryingTheResponseCode() {
        Result result = cli.run("topic", "route", "cli-no-such-topic");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("hexmq: topic route: ").contains("cli-no-such-topic").endsWith("(code 17)"));
    }

    @Test
    void topicCreate_inAnUnknownCluster_failsWithOneLine() {
        Result result = cli.run("topic", "create", "cli-nowhere", "--cluster", "no-such-cluster");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("hexmq: topic create: ").contains("no-such-cluster").endsWith("(code -1002)"));
    }

    @Test
    void messageSend_printsWhereTheMessageWent_andTopicStatusCountsIt() {
        cli.run("topic", "create", "cli-status", "-q", "1");
        awaitRoute("cli-status");

        Result sent = cli.run("message", "send", "cli-status", "--body", "hello", "--tags", "t1", "--keys", "k1,k2");
        assertThat(sent.exitCode()).as("%s", sent).isZero();
        assertThat(sent.outLines().get(0)).matches("MSG ID +OFFSET MSG ID +BROKER +QUEUE +QUEUE OFFSET +STATUS");
        assertThat(sent.outLines().get(1))
                .matches("[0-9A-F]+ +[0-9A-F]+ +" + hexmq.server().brokerName() + " +0 +0 +SEND_OK");
        cli.run("message", "send", "cli-status", "-b", "again");

        Result status = cli.run("topic", "status", "cli-status");
        assertThat(status.exitCode()).as("%s", status).isZero();
        assertThat(status.outLines().get(0)).matches("BROKER +QUEUE +MIN OFFSET +MAX OFFSET +MESSAGES +LAST STORED");
        assertThat(status.outLines().get(1))
                .matches(hexmq.server().brokerName() + " +0 +0 +2 +2 +\\d{4}-\\d\\d-\\d\\dT.+Z");

        JsonArray json = cli.run("topic", "status", "cli-status", "--json").json().getAsJsonArray();
        JsonObject queue = json.get(0).getAsJsonObject();
        assertThat(queue.getAsJsonObject("queue").get("topic").getAsString()).isEqualTo("cli-status");
        assertThat(queue.get("maxOffset").getAsLong()).isEqualTo(2);
    }

    @Test
    void messageConsume_printsTheTopicsMessages_fromTheBeginning_uptoTheCount() {
        for (int i = 0; i < 5; i++) {
            assertThat(cli.run("message", "send", "cli-consume", "--body", "c" + i, "--tags", "inspect").exitCode()).isZero();
        }

        Result three = cli.run("message", "consume", "cli-consume", "--count", "3", "--wait", "5");
        assertThat(three.exitCode()).as("%s", three).isZero();
        assertThat(three.outLines().get(0)).matches("QUEUE +QUEUE OFFSET +MSG ID +TAGS +KEYS +STORED +BODY");
        assertThat(three.outLines()).hasSize(4);

        Result all = cli.run("message", "consume", "cli-consume", "--count", "50", "--wait", "2", "--json");
        assertThat(all.exitCode()).as("%s", all).isZero();
        assertThat(all.json().getAsJsonArray()).hasSize(5);
        assertThat(all.json().getAsJsonArray().get(0).getAsJsonObject().get("tags").getAsString()).isEqualTo("inspect");
    }

    @Test
    void messageQueryId_showsTheMessageThatSendPrinted() {
        Result sent = cli.run("message", "send", "cli-view", "--body", "look at me", "--keys", "v-1",
                "--property", "colour=blue", "--json");
        assertThat(sent.exitCode()).as("%s", sent).isZero();
        String offsetMsgId = sent.json().getAsJsonObject().get("offsetMsgId").getAsString();

        Result view = cli.run("message", "query-id", offsetMsgId);
        assertThat(view.exitCode()).as("%s", view).isZero();
        assertThat(view.outLines().get(0)).matches("FIELD +VALUE");
        assertThat(view.outLines()).anyMatch(line -> line.matches("Topic +cli-view"))
                .anyMatch(line -> line.matches("Keys +v-1"))
                .anyMatch(line -> line.matches("Body \\(10 bytes\\) +look at me"));
        assertThat(view.outLines()).anySatisfy(line -> assertThat(line).startsWith("Properties").contains("colour=blue"));

        JsonObject json = cli.run("message", "query-id", offsetMsgId, "--json").json().getAsJsonObject();
        assertThat(json.get("body").getAsString()).isEqualTo("look at me");
        assertThat(json.get("offsetMsgId").getAsString()).isEqualTo(offsetMsgId);
        assertThat(json.getAsJsonObject("properties").get("colour").getAsString()).isEqualTo("blue");
    }

    @Test
    void messageQueryKey_findsTheMessage_orSaysInOneLineThatTheBrokerCannot() {
        cli.run("message", "send", "cli-keyed", "--body", "keyed", "--keys", "wanted");
        awaitRoute("cli-keyed");

        Result result = cli.run("message", "query-key", "cli-keyed", "wanted");

        if (result.exitCode() == 0) {
            assertThat(result.outLines().get(0)).startsWith("MSG ID");
            assertThat(result.out()).contains("keyed");
        } else {
            // hexmq's broker does not index keys yet: the CLI must pass the broker's refusal on, in one line.
            assertThat(result.exitCode()).isEqualTo(1);
            assertThat(result.errLines()).singleElement().satisfies(line -> assertThat(line)
                    .startsWith("hexmq: message query-key: ").contains("QUERY_MESSAGE").endsWith("(code 3)"));
        }
    }

    @Test
    void messageQueryKey_rejectsATimeItCannotRead_asAUsageError() {
        Result result = cli.run("message", "query-key", "cli-keyed", "wanted", "--begin", "yesterday");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("'yesterday' is neither epoch milliseconds nor an ISO-8601 instant");
    }

    @Test
    void consumerProgress_showsOffsetsAndLagPerQueue() throws Exception {
        cli.run("topic", "create", "cli-progress", "-q", "1");
        awaitRoute("cli-progress");
        for (int i = 0; i < 4; i++) {
            assertThat(cli.run("message", "send", "cli-progress", "--body", "p" + i).exitCode()).isZero();
        }
        commitSomeOffsets("cli-progress", "cli-progress-cg");

        Result table = cli.run("consumer", "progress", "cli-progress-cg");

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines().get(0)).matches(
                "TOPIC +BROKER +QUEUE +BROKER OFFSET +CONSUMER OFFSET +LAG +INFLIGHT +LAST CONSUMED");
        assertThat(table.outLines().get(1))
                .matches("cli-progress +" + hexmq.server().brokerName() + " +0 +4 +(\\d) +(\\d) +(\\d) +.*");
        assertThat(table.outLines()).last().asString().matches("Total lag: \\d");

        JsonObject json = cli.run("consumer", "progress", "cli-progress-cg", "--json").json().getAsJsonObject();
        JsonObject queue = json.getAsJsonArray("queues").get(0).getAsJsonObject();
        assertThat(queue.get("brokerOffset").getAsLong()).isEqualTo(4);
        assertThat(queue.get("consumerOffset").getAsLong()).isPositive();
        assertThat(json.get("totalLag").getAsLong()).isEqualTo(4 - queue.get("consumerOffset").getAsLong());
        assertThat(queue.get("inflight").getAsLong()).isBetween(0L, 4 - queue.get("consumerOffset").getAsLong());
    }

    @Test
    void kv_putsGetsAndDeletesAnEntry_andGetFailsOnceItIsGone() {
        Result put = cli.run("kv", "put", "CLI_NS", "colour", "blue");
        assertThat(put.exitCode()).as("%s", put).isZero();
        assertThat(put.out()).isEqualTo("Set CLI_NS colour = blue\n");

        assertThat(cli.run("kv", "get", "CLI_NS", "colour").out()).isEqualTo("blue\n");
        JsonObject json = cli.run("kv", "get", "CLI_NS", "colour", "--json").json().getAsJsonObject();
        assertThat(json.get("value").getAsString()).isEqualTo("blue");

        assertThat(cli.run("kv", "delete", "CLI_NS", "colour").exitCode()).isZero();
        Result gone = cli.run("kv", "get", "CLI_NS", "colour");
        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.out()).isEmpty();
        assertThat(gone.errLines()).containsExactly("hexmq: kv get: no KV config colour in namespace CLI_NS");
    }

    @Test
    void namesrv_changesASettingAtRunTime_andRefusesOneThatNeedsARestart() {
        Result changed = cli.run("namesrv", "update-config", "brokerTimeoutMillis=90000");
        assertThat(changed.exitCode()).as("%s", changed).isZero();

        Result config = cli.run("namesrv", "config");
        assertThat(config.outLines()).first().asString().matches("NAMESERVER +SETTING +VALUE");
        assertThat(config.outLines()).anySatisfy(line ->
                assertThat(line).matches(".*127\\.0\\.0\\.1:\\d+ +brokerTimeoutMillis +90000"));
        JsonObject json = cli.run("namesrv", "config", "--json").json().getAsJsonObject();
        assertThat(json.entrySet()).singleElement().satisfies(entry ->
                assertThat(entry.getValue().getAsJsonObject().get("brokerTimeoutMillis").getAsString())
                        .isEqualTo("90000"));

        Result refused = cli.run("namesrv", "update-config", "kvConfigPath=/tmp/elsewhere.json");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.errLines()).singleElement().asString()
                .startsWith("hexmq: namesrv update-config: ").endsWith("(code 16)");
    }

    @Test
    void broker_changesASettingAtRunTime_showsIt_andRefusesOneThatNeedsARestart() {
        String broker = hexmq.server().broker();
        Result changed = cli.run("broker", "update-config", "-b", broker, "enablePropertyFilter=true");
        assertThat(changed.exitCode()).as("%s", changed).isZero();
        try {
            Result config = cli.run("broker", "config", "-b", broker);
            assertThat(config.outLines()).first().asString().matches("SETTING +VALUE");
            assertThat(config.outLines()).anySatisfy(line -> assertThat(line).matches("enablePropertyFilter +true"));
            JsonObject json = cli.run("broker", "config", "-b", broker, "--json").json().getAsJsonObject();
            assertThat(json.get("brokerName").getAsString()).isEqualTo(hexmq.server().brokerName());

            Result refused = cli.run("broker", "update-config", "-b", broker, "storePathRootDir=/tmp/elsewhere");
            assertThat(refused.exitCode()).isEqualTo(1);
            assertThat(refused.errLines()).singleElement().asString()
                    .startsWith("hexmq: broker update-config: ").contains("storePathRootDir").endsWith("(code 16)");
        } finally {
            cli.run("broker", "update-config", "-b", broker, "enablePropertyFilter=false");
        }
    }

    @Test
    void unreachableNameServer_failsWithOneLine() {
        Result result = AdminCli.runRaw("topic", "list", "-n", "127.0.0.1:1", "--timeout", "2000");

        assertThat(result.exitCode()).as("%s", result).isEqualTo(1);
        assertThat(result.errLines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("hexmq: topic list: ").containsPattern("\\(code -100[46]\\)$"));
    }

    @Test
    void usageErrors_exitWith2() {
        assertThat(cli.run("topic").exitCode()).as("a group without its command").isEqualTo(2);
        assertThat(cli.run("topic", "create").exitCode()).as("a missing topic").isEqualTo(2);
        assertThat(cli.run("message", "send", "bad topic!", "--body", "x").exitCode()).as("an invalid topic name")
                .isEqualTo(2);
        assertThat(cli.run("topic", "create", "cli-bad-perm", "--perm", "9").exitCode()).as("an invalid perm")
                .isEqualTo(2);
        assertThat(cli.run("topic", "list", "--timeout", "0").exitCode()).as("a zero timeout").isEqualTo(2);
    }

    @Test
    void help_listsEveryOperationWithOneLine() {
        Result help = AdminCli.runRaw("--help");

        assertThat(help.exitCode()).isZero();
        List<String> operations = new ArrayList<>();
        for (String line : help.outLines()) {
            if (line.matches("  [a-z]+ [a-z-]+ {2,}\\S.*")) {
                operations.add(line.trim().split(" {2,}")[0]);
            }
        }
        assertThat(operations).containsExactly("topic create", "topic update", "topic delete", "topic list",
                "topic route", "topic status", "topic consume-queue", "cluster list", "cluster transfer-leader", "consumer progress",
                "message send", "message query-id", "message query-key", "message consume", "message trace", "kv put",
                "kv get", "kv delete",
                "namesrv config", "namesrv update-config", "broker config", "broker update-config", "broker status", "broker ha-status", "broker stats", "broker consume-stats",
                "broker delete-expired-commitlog", "broker clean-expired-cq", "broker clean-unused-topic", "user create",
                "user update", "user delete", "user list",
                "acl create", "acl delete", "acl list");
    }

    private static void awaitRoute(String topic) {
        Await.until("route of " + topic, () -> cli.run("topic", "route", topic).exitCode() == 0);
    }

    /** Consumes two messages with the official client and commits, so the group has an offset to show. */
    private static void commitSomeOffsets(String topic, String group) throws Exception {
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            official.consumeAndCommit(topic, group, 2);
            Await.until("the committed offset reaches the broker", () -> {
                Result progress = cli.run("consumer", "progress", group, "--json");
                return progress.exitCode() == 0 && progress.json().getAsJsonObject().getAsJsonArray("queues")
                        .asList().stream().anyMatch(q -> q.getAsJsonObject().get("consumerOffset").getAsLong() > 0);
            });
        }
    }
}
