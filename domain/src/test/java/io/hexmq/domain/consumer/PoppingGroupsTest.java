package io.hexmq.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.topic.TopicName;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PoppingGroupsTest {

    private static final GroupName GROUP = new GroupName("cg-pop");
    private static final TopicName TOPIC = new TopicName("Orders");
    private static final TopicName RETRY = GROUP.popRetryTopic(TOPIC);

    private final PoppingGroups groups = new PoppingGroups();

    @Test
    void aPop_makesItsGroupAClusteringPopConsumer_ofTheTopicAndOfItsRetryTopic() {
        groups.recordPop(GROUP, Subscription.all(TOPIC, 1_000), Subscription.all(RETRY, 1_000));

        PoppingGroups.PoppingGroup known = groups.find(GROUP).orElseThrow();
        assertThat(known.consumeType()).isEqualTo(ConsumeType.CONSUME_POP);
        assertThat(known.messageModel()).isEqualTo(MessageModel.CLUSTERING);
        assertThat(known.subscriptions()).containsOnlyKeys(TOPIC, RETRY);
        assertThat(groups.find(new GroupName("cg-other"))).isEmpty();
    }

    @Test
    void theLatestPopsSubscriptionCounts_untilItExpires() {
        groups.recordPop(GROUP, Subscription.all(TOPIC, 1_000), Subscription.all(RETRY, 1_000));
        Subscription tagged = new Subscription(TOPIC, "A", Set.of("A"), Set.of("A".hashCode()),
                2_000, ExpressionType.TAG);
        groups.recordPop(GROUP, tagged, Subscription.all(RETRY, 2_000));

        assertThat(groups.subscription(GROUP, TOPIC, 2_000 + PoppingGroups.EXPIRY_MILLIS)).contains(tagged);
        assertThat(groups.subscription(GROUP, TOPIC, 2_001 + PoppingGroups.EXPIRY_MILLIS)).isEmpty();
        assertThat(groups.subscription(GROUP, new TopicName("Other"), 2_000)).isEmpty();
    }
}
