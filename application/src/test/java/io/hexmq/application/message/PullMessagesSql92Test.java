package io.hexmq.application.message;

import static io.hexmq.application.fakes.Stages.joined;
import static io.hexmq.application.message.MessageBroker.TOPIC;
import static io.hexmq.application.message.MessageBroker.bodies;
import static io.hexmq.application.message.MessageBroker.properties;
import static io.hexmq.application.message.PullMessages.Command.FLAG_SUBSCRIPTION;
import static io.hexmq.application.message.PullMessages.Command.FLAG_SUSPEND;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Pulls with SQL92 subscriptions, from the request or from the heartbeat, filtered on the broker. */
class PullMessagesSql92Test {

    private static final String TYPICAL = "a > 5 AND b IN ('x','y') AND c IS NOT NULL";

    private final MessageBroker mb = new MessageBroker(s -> s.withEnablePropertyFilter(true), MessageSettings.defaults())
            .withTopic(TOPIC, 2);

    private static PullMessages.Command sqlPull(int sysFlag, String expression, long offset) {
        return new PullMessages.Command("CG", TOPIC, 0, offset, 32, sysFlag, 0, 15_000, expression, 0, "SQL92");
    }

    private void send(String body, String... namesAndValues) {
        joined(mb.sendMessage.send(MessageBroker.send(TOPIC, 0, body, properties(namesAndValues))));
    }

    private static void sql92Heartbeat(MessageBroker broker, String expression, long subVersion) {
        Subscription subscription = new Subscription(new TopicName(TOPIC), expression, Set.of(), Set.of(), subVersion,
                ExpressionType.SQL92);
        broker.broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("c1"),
                new ClientId("10.0.0.9@1"), "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(new GroupName("CG"),
                        ConsumeType.CONSUME_PASSIVELY, MessageModel.CLUSTERING,
                        ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(subscription))), Set.of()));
    }

    @Test
    void returnsOnlyTheMessagesWhosePropertiesMatch() {
        send("match", "a", "7", "b", "x", "c", "1");
        send("a too small", "a", "5", "b", "x", "c", "1");
        send("b not listed", "a", "9", "b", "z", "c", "1");
        send("c missing", "a", "9", "b", "y");
        send("a not a number", "a", "many", "b", "y", "c", "1");
        send("match too", "TAGS", "TagA", "a", "100", "b", "y", "c", "");

        PullMessages.Result result = mb.pullNow(sqlPull(FLAG_SUBSCRIPTION, TYPICAL, 0));

        assertThat(result.status()).isEqualTo(PullMessages.Status.FOUND);
        assertThat(bodies(result)).containsExactly("match");
        assertThat(result.nextBeginOffset()).isEqualTo(6);
        assertThat(result.maxOffset()).isEqualTo(6);
    }

    @Test
    void seesSystemPropertiesSuchAsTags() {
        mb.sendTagged(TOPIC, 0, "TagA", "a");
        mb.sendTagged(TOPIC, 0, "TagB", "b");

        assertThat(bodies(mb.pullNow(sqlPull(FLAG_SUBSCRIPTION, "TAGS = 'TagB'", 0)))).containsExactly("b");
    }

    @Test
    void answersRetryImmediately_whenEntriesWereScannedButNoneMatched() {
        send("no", "a", "1");
        send("no either");

        PullMessages.Result result = mb.pullNow(sqlPull(FLAG_SUBSCRIPTION, "a > 5", 0));

        assertThat(result.status()).isEqualTo(PullMessages.Status.NO_MATCHED_MESSAGE);
        assertThat(result.nextBeginOffset()).isEqualTo(2);
    }

    @Test
    void usesTheHeartbeatsSql92Subscription_whenTheRequestCarriesNone() {
        send("small", "a", "1");
        send("big", "a", "10");
        sql92Heartbeat(mb, "a >= 10", 5);

        assertThat(bodies(mb.pullNow(sqlPull(0, null, 0)))).containsExactly("big");
        assertThat(mb.pullNow(new PullMessages.Command("CG", TOPIC, 0, 0, 32, 0, 0, 0, null, 6, "SQL92")).status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_NOT_LATEST);
    }

    @Test
    void refusesAnExpressionTheRequestCarries_thatDoesNotParse_withTheReason() {
        PullMessages.Result carried = mb.pullNow(sqlPull(FLAG_SUBSCRIPTION, "a >> 5", 0));

        assertThat(carried.status()).isEqualTo(PullMessages.Status.SUBSCRIPTION_PARSE_FAILED);
        assertThat(carried.remark()).isEqualTo("parse the consumer's SQL92 subscription failed, group: CG, topic: "
                + TOPIC + ": Invalid SQL92 expression at column 4: expected a value (a property, a literal or '('), "
                + "found '>' (expression: a >> 5)");
        assertThat(mb.pullNow(sqlPull(FLAG_SUBSCRIPTION, "", 0)).status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_PARSE_FAILED);
    }

    @Test
    void answersFilterDataNotExist_forAHeartbeatExpressionThatDoesNotParse_asRocketMqsFailedRegistrationDoes() {
        sql92Heartbeat(mb, "a IN (1)", 5);

        PullMessages.Result recorded = mb.pullNow(sqlPull(0, null, 0));

        assertThat(recorded.status()).isEqualTo(PullMessages.Status.FILTER_DATA_NOT_EXIST);
        assertThat(recorded.remark()).startsWith("the broker has no filter for the consumer's SQL92 subscription, its "
                + "expression may be wrong, group: CG, topic: " + TOPIC + ": Invalid SQL92 expression")
                .contains("expected a string literal in the IN list, found number 1");
    }

    @Test
    void answersFilterDataNotExist_beforeTheFilterSupportCheck_andParseFailedForAnEmptyCarriedExpression() {
        MessageBroker off = new MessageBroker().withTopic(TOPIC, 2);
        sql92Heartbeat(off, "a IN (1)", 5);

        assertThat(off.pullMessages.pull(sqlPull(0, null, 0)).join().status())
                .isEqualTo(PullMessages.Status.FILTER_DATA_NOT_EXIST);
        assertThat(off.pullMessages.pull(sqlPull(FLAG_SUBSCRIPTION, "", 0)).join().status())
                .isEqualTo(PullMessages.Status.SUBSCRIPTION_PARSE_FAILED);
    }

    @Test
    void refusesSql92_whenPropertyFilteringIsOff_asRocketMqDoes() {
        MessageBroker off = new MessageBroker().withTopic(TOPIC, 2);
        sql92Heartbeat(off, "a > 1", 5);

        for (PullMessages.Command command : List.of(sqlPull(FLAG_SUBSCRIPTION, "a > 1", 0), sqlPull(0, null, 0),
                sqlPull(FLAG_SUBSCRIPTION, "not even parsable (", 0))) {
            PullMessages.Result result = off.pullMessages.pull(command).join();
            assertThat(result.status()).isEqualTo(PullMessages.Status.FILTER_NOT_SUPPORTED);
            assertThat(result.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
        }
    }

    @Test
    void aParkedSql92Pull_answersWithTheMatchingMessageOnly() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                sqlPull(FLAG_SUBSCRIPTION | FLAG_SUSPEND, "a = 'wanted'", 0));
        assertThat(parked).isNotDone();

        send("other", "a", "unwanted");
        send("late", "a", "wanted");
        mb.pullExecutor.runAll();

        assertThat(parked).isDone();
        assertThat(bodies(parked.join())).containsExactly("late");
        assertThat(parked.join().nextBeginOffset()).isEqualTo(2);
    }

    @Test
    void aParkedSql92Pull_staysParked_whileOnlyMessagesItsExpressionRejectsArrive() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                sqlPull(FLAG_SUBSCRIPTION | FLAG_SUSPEND, "a = 'wanted'", 0));

        send("other", "a", "unwanted");
        send("no property at all");
        mb.sendTagged(TOPIC, 0, "TagA", "tagged only");

        assertThat(mb.pullExecutor.pending()).as("nothing was handed to the pull executor").isZero();
        mb.pullExecutor.runAll();
        assertThat(parked).isNotDone();
        assertThat(mb.longPolling.parkedCount()).isEqualTo(1);
    }

    @Test
    void aParkedSql92Pull_isAnsweredByTheFirstMatchingArrival_withWhatAFreshPullWouldGet() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                sqlPull(FLAG_SUBSCRIPTION | FLAG_SUSPEND, "a > 5", 0));
        send("small", "a", "1");
        mb.pullExecutor.runAll();
        assertThat(parked).isNotDone();

        send("big", "a", "9");
        assertThat(mb.pullExecutor.pending()).isEqualTo(1);
        mb.pullExecutor.runAll();

        assertThat(parked.join().status()).isEqualTo(PullMessages.Status.FOUND);
        assertThat(bodies(parked.join())).containsExactly("big");
        assertThat(parked.join().nextBeginOffset()).isEqualTo(2);
        assertThat(mb.longPolling.parkedCount()).isZero();
    }

    @Test
    void aParkedSql92PullByTheHeartbeatsSubscription_isJudgedTheSameWay() {
        sql92Heartbeat(mb, "region = 'eu'", 5);
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(sqlPull(FLAG_SUSPEND, null, 0));

        send("us", "region", "us");
        mb.pullExecutor.runAll();
        assertThat(parked).isNotDone();
        send("eu", "region", "eu");
        mb.pullExecutor.runAll();

        assertThat(bodies(parked.join())).containsExactly("eu");
    }

    @Test
    void aParkedSql92Pull_whoseDeadlinePasses_answersRetryImmediately_pastTheRejectedMessages() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                sqlPull(FLAG_SUBSCRIPTION | FLAG_SUSPEND, "a = 'wanted'", 0));
        send("other", "a", "unwanted");
        send("another", "a", "unwanted");

        mb.broker.clock.advanceMillis(15_000);
        assertThat(mb.longPolling.expireDue()).hasSize(1);
        mb.pullExecutor.runAll();

        assertThat(parked.join().status()).isEqualTo(PullMessages.Status.NO_MATCHED_MESSAGE);
        assertThat(parked.join().nextBeginOffset()).isEqualTo(2);
    }

    @Test
    void anArrivalTheStoreTellsWithoutItsRecord_wakesAParkedSql92Pull_forItsReReadToDecide() {
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                sqlPull(FLAG_SUBSCRIPTION | FLAG_SUSPEND, "a = 'wanted'", 0));

        mb.longPolling.arrived(TOPIC, 0, 0, 0);

        assertThat(mb.pullExecutor.pending()).isEqualTo(1);
        assertThat(mb.longPolling.parkedCount()).isZero();
    }

    @Test
    void aParkedTagPull_stillWakesOnTheTagCodeAlone_evenForATagWhoseHashCollides() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        CompletableFuture<PullMessages.Result> parked = mb.pullMessages.pull(
                MessageBroker.pull("CG", TOPIC, 0, 0, FLAG_SUBSCRIPTION | FLAG_SUSPEND, "Aa"));

        mb.sendTagged(TOPIC, 0, "BB", "collides");
        mb.pullExecutor.runAll();

        assertThat(parked.join().status()).isEqualTo(PullMessages.Status.NO_MATCHED_MESSAGE);
        assertThat(parked.join().nextBeginOffset()).isEqualTo(1);
    }

    @Test
    void compilesEachExpressionTextOnce() {
        Sql92Filters filters = new Sql92Filters();

        Sql92Filters.Compiled first = filters.compile(TYPICAL);
        Sql92Filters.Compiled refused = filters.compile("a >");

        assertThat(filters.compile(TYPICAL)).isSameAs(first);
        assertThat(filters.compile("a >")).isSameAs(refused);
        assertThat(refused.filter()).isNull();
        assertThat(refused.error()).contains("column 4");
        for (int i = 0; i < Sql92Filters.MAX_EXPRESSIONS; i++) {
            filters.compile("a = " + i);
        }
        assertThat(filters.size()).isLessThanOrEqualTo(Sql92Filters.MAX_EXPRESSIONS);
    }
}
