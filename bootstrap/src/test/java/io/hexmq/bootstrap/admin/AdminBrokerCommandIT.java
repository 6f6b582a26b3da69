package io.hexmq.bootstrap.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.admin.AdminCli.Result;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.domain.message.OffsetMessageId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code hexmq admin topic consume-queue} and {@code hexmq admin broker status|ha-status|stats|...housekeeping}
 * run through picocli in this JVM against a real hexmq standalone.
 */
class AdminBrokerCommandIT {

    @RegisterExtension
    static final StandaloneExtension<?> hexmq = StandaloneExtension.onFileStore();

    private static AdminCli cli;
    private static String broker;

    @BeforeAll
    static void start() {
        cli = new AdminCli(hexmq.server().nameServer());
        broker = hexmq.server().broker();
    }

    @Test
    void topicConsumeQueue_listsTheEntriesFromTheIndex_andTheQueuesBounds() {
        createWithMessages("cli-cq", 3);
        long second = commitLogOffsetOfTheMessageAt("cli-cq", 1);

        Result table = cli.run("topic", "consume-queue", "cli-cq", "-b", broker, "-q", "0", "-i", "1");

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines().get(0)).matches("INDEX +COMMITLOG OFFSET +SIZE +TAGS CODE");
        assertThat(table.outLines()).hasSize(4);
        assertThat(table.outLines().get(1)).matches(" *1 +" + second + " +\\d+ +-?\\d+");
        assertThat(table.outLines().get(3)).isEqualTo("Queue indexes: 0 to 3 (exclusive)");

        Result withGroup = cli.run("topic", "consume-queue", "cli-cq", "-b", broker, "-q", "0", "-g", "cli-cq-cg",
                "--count", "1");
        assertThat(withGroup.outLines()).hasSize(4).last().asString()
                .isEqualTo("Filter of cli-cq-cg: cli-cq-cg@cli-cq is not online!");

        Result past = cli.run("topic", "consume-queue", "cli-cq", "-b", broker, "-q", "0", "-i", "9");
        assertThat(past.exitCode()).as("%s", past).isZero();
        assertThat(past.out()).isEqualTo("Queue 0 of cli-cq on " + broker + " holds no index 9\n");

        Result unknown = cli.run("topic", "consume-queue", "cli-cq", "-b", broker, "-q", "5");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.errLines()).containsExactly("hexmq: topic consume-queue: 5@cli-cq is not exist! (code 1)");
    }

    @Test
    void brokerHousekeeping_reportsEachRun_andKeepsWhatHasNotExpired() {
        createWithMessages("cli-kept", 1);

        for (String operation : new String[] {"delete-expired-commitlog", "clean-expired-cq", "clean-unused-topic"}) {
            Result done = cli.run("broker", operation, "-b", broker);
            assertThat(done.exitCode()).as("%s", done).isZero();
            assertThat(done.out()).endsWith(" of " + broker + "\n");
        }
        assertThat(cli.run("broker", "clean-unused-topic", "-b", broker, "--json").json().getAsJsonObject()
                .get("done").getAsBoolean()).isTrue();

        JsonObject json = cli.run("topic", "consume-queue", "cli-kept", "-b", broker, "-q", "0", "--json").json()
                .getAsJsonObject();
        assertThat(json.getAsJsonArray("entries")).hasSize(1);
    }

    @Test
    void brokerHaStatus_showsAStandaloneBrokerAsAMasterWithoutSlaves() {
        Result table = cli.run("broker", "ha-status", "-b", broker);

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines()).hasSize(2);
        assertThat(table.outLines().get(0)).matches("MASTER +COMMITLOG MAX OFFSET +IN-SYNC SLAVES");
        assertThat(table.outLines().get(1)).matches("true +\\d+ +0");
        assertThat(cli.run("broker", "ha-status", "-b", broker, "--json").json().getAsJsonObject()
                .get("master").getAsBoolean()).isTrue();
    }

    @Test
    void brokerStatus_printsTheRuntimeFigures() {
        Result table = cli.run("broker", "status", "-b", broker);

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines().get(0)).matches("FIGURE +VALUE");
        assertThat(table.outLines()).anySatisfy(line -> assertThat(line).matches("brokerVersionDesc +V5_5_0"));
        assertThat(cli.run("broker", "status", "-b", broker, "--json").json().getAsJsonObject()
                .has("putMessageAverageSize")).isTrue();
    }

    @Test
    void brokerStats_showsATopicsPutsPerWindow_andSaysWhenThereAreNone() {
        createWithMessages("cli-stats", 2);
        Await.until("the minute's figures count the puts", () -> {
            Result json = cli.run("broker", "stats", "-b", broker, "-k", "cli-stats", "--json");
            return json.exitCode() == 0
                    && json.json().getAsJsonObject().getAsJsonObject("minute").get("sum").getAsLong() == 2;
        });

        Result table = cli.run("broker", "stats", "-b", broker, "-k", "cli-stats");
        assertThat(table.outLines()).hasSize(4);
        assertThat(table.outLines().get(0)).matches("WINDOW +SUM +PER SECOND +AVERAGE");
        assertThat(table.outLines().get(1)).matches("minute +2 +\\d+\\.\\d\\d +\\d+\\.\\d\\d");

        Result none = cli.run("broker", "stats", "-b", broker, "-s", "TOPIC_PUT_SIZE", "-k", "cli-no-traffic");
        assertThat(none.exitCode()).isEqualTo(1);
        assertThat(none.errLines()).containsExactly(
                "hexmq: broker stats: The stats <TOPIC_PUT_SIZE> <cli-no-traffic> not exist (code 1)");
    }

    @Test
    void brokerConsumeStats_showsEachGroupsLagPerQueue_andTheTotals() throws Exception {
        createWithMessages("cli-bcs", 4);
        try (OfficialClients official = new OfficialClients(hexmq.server().nameServer())) {
            official.consumeAndCommit("cli-bcs", "cli-bcs-cg", 2);
        }
        Await.until("the broker's consume stats show the commit", () -> {
            Result json = cli.run("broker", "consume-stats", "-b", broker, "--json");
            return json.exitCode() == 0 && json.json().getAsJsonObject().getAsJsonArray("groups").asList().stream()
                    .map(JsonElement::getAsJsonObject).anyMatch(group -> group.get("group").getAsString()
                            .equals("cli-bcs-cg") && group.getAsJsonArray("queues").get(0).getAsJsonObject()
                            .get("consumerOffset").getAsLong() > 0);
        });

        Result table = cli.run("broker", "consume-stats", "-b", broker);

        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.outLines().get(0)).matches(
                "GROUP +TOPIC +QUEUE +BROKER OFFSET +CONSUMER OFFSET +LAG +INFLIGHT +LAST CONSUMED");
        assertThat(table.outLines()).anySatisfy(line -> assertThat(line).matches("cli-bcs-cg +cli-bcs +0 +4 +\\d +\\d +\\d.*"));
        assertThat(table.outLines()).last().asString().matches("Total lag: \\d+, in flight: \\d+");
    }

    private static void createWithMessages(String topic, int messages) {
        assertThat(cli.run("topic", "create", topic, "-q", "1").exitCode()).isZero();
        Await.until("route of " + topic, () -> cli.run("topic", "route", topic).exitCode() == 0);
        for (int i = 0; i < messages; i++) {
            assertThat(cli.run("message", "send", topic, "--body", "m" + i).exitCode()).isZero();
        }
    }

    /** Where the message at {@code queueOffset} of queue 0 starts, as the message itself says. */
    private static long commitLogOffsetOfTheMessageAt(String topic, long queueOffset) {
        JsonArray messages = cli.run("message", "consume", topic, "--count", "10", "--wait", "5", "--json").json()
                .getAsJsonArray();
        for (JsonElement message : messages) {
            JsonObject json = message.getAsJsonObject();
            if (json.get("queueOffset").getAsLong() == queueOffset) {
                return OffsetMessageId.decode(json.get("offsetMsgId").getAsString()).commitLogOffset();
            }
        }
        throw new AssertionError("no message at " + queueOffset + " in " + messages);
    }
}
