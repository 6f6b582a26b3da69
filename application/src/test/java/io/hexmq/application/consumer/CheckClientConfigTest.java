package io.hexmq.application.consumer;

import io.hexmq.application.broker.LiveBrokerSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CheckClientConfig.Status;
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
import org.junit.jupiter.api.Test;

/** CHECK_CLIENT_CONFIG's decision, and the heartbeat's report of SQL92 expressions that do not compile. */
class CheckClientConfigTest {

    private final CheckClientConfig enabled = new CheckClientConfig(new LiveBrokerSettings(TestBroker.DEFAULTS.withEnablePropertyFilter(true)));
    private final CheckClientConfig disabled = new CheckClientConfig(new LiveBrokerSettings(TestBroker.DEFAULTS));

    private static CheckClientConfig.Command sql(String expression) {
        return new CheckClientConfig.Command("CG", "ip@1", "SQL92", expression);
    }

    @Test
    void acceptsTagSubscriptions_andRequestsWithoutOne_evenWhenPropertyFilteringIsOff() {
        assertThat(disabled.check(new CheckClientConfig.Command("CG", "ip@1", "TAG", "TagA || TagB")).status())
                .isEqualTo(Status.ACCEPTED);
        assertThat(disabled.check(new CheckClientConfig.Command(null, null, null, null)).status())
                .isEqualTo(Status.ACCEPTED);
        assertThat(disabled.check(new CheckClientConfig.Command("CG", "ip@1", "", "*")).status())
                .isEqualTo(Status.ACCEPTED);
    }

    @Test
    void acceptsAnSql92ExpressionThatCompiles() {
        assertThat(enabled.check(sql("a > 5 AND b IN ('x','y') AND c IS NOT NULL")))
                .isEqualTo(new CheckClientConfig.Result(Status.ACCEPTED, ""));
    }

    @Test
    void refusesAnSql92ExpressionThatDoesNotCompile_withTheColumnAndReason() {
        assertThat(enabled.check(sql("a > 'x'"))).isEqualTo(new CheckClientConfig.Result(
                Status.SUBSCRIPTION_PARSE_FAILED, "Invalid SQL92 expression at column 3: 'x' cannot be compared "
                        + "with '>': only numbers are ordered (expression: a > 'x')"));
        assertThat(enabled.check(sql(null)).status()).isEqualTo(Status.SUBSCRIPTION_PARSE_FAILED);
        assertThat(enabled.check(new CheckClientConfig.Command("CG", "ip@1", "CLASS", "x")).remark())
                .isEqualTo("unsupported expression type CLASS; this broker filters by TAG or SQL92");
    }

    @Test
    void refusesEverySql92Subscription_whenPropertyFilteringIsOff() {
        assertThat(disabled.check(sql("a > 5"))).isEqualTo(new CheckClientConfig.Result(Status.FILTER_NOT_SUPPORTED,
                "The broker does not support consumer to filter message by SQL92"));
    }

    @Test
    void aHeartbeatReportsItsBadSql92Expressions_onceWhenTheyChange_andStillRecordsThem() {
        TestBroker broker = new TestBroker();
        TopicName good = new TopicName("Good");
        TopicName bad = new TopicName("Bad");
        RecordHeartbeat.Command heartbeat = new RecordHeartbeat.Command(new ConnectionId("c1"), new ClientId("ip@1"),
                "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(new GroupName("CG"), ConsumeType.CONSUME_PASSIVELY,
                MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(
                        new Subscription(good, "a > 1", Set.of(), Set.of(), 1, ExpressionType.SQL92),
                        new Subscription(bad, "a >", Set.of(), Set.of(), 1, ExpressionType.SQL92),
                        new Subscription(new TopicName("Tagged"), "a >", Set.of("a >"), Set.of(1), 1,
                                ExpressionType.TAG)))),
                Set.of());

        RecordHeartbeat.Result first = broker.recordHeartbeat.record(heartbeat);
        RecordHeartbeat.Result repeated = broker.recordHeartbeat.record(heartbeat);

        assertThat(first.rejectedExpressions()).containsExactly(new RecordHeartbeat.RejectedExpression(
                new GroupName("CG"), bad, "a >", "Invalid SQL92 expression at column 4: expected a value "
                + "(a property, a literal or '('), found end of expression (expression: a >)"));
        assertThat(repeated.rejectedExpressions()).isEmpty();
        assertThat(broker.consumers.find(new GroupName("CG")).orElseThrow().subscription(bad)).isPresent();
    }
}
