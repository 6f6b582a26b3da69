package io.hexmq.adapters.metrics;

import static io.hexmq.application.pop.PopBroker.GROUP;
import static io.hexmq.application.pop.PopBroker.INVISIBLE;
import static io.hexmq.application.pop.PopBroker.pop;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.pop.PopBroker;
import io.hexmq.application.pop.PopMessages;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class PopMetersTest {

    private static final String GROUP_TOPIC = "consumer_group=\"" + GROUP + "\",node_type=\"broker\"";
    private static final String TOPIC = "topic=\"" + MessageBroker.TOPIC + "\"";

    private final PopBroker pop = new PopBroker();
    private final PrometheusMeterRegistry registry = Registries.prometheus("node_type", "broker");
    private final PopMeters meters = new PopMeters(registry, pop.ledger, pop.messages.broker.clock);

    private String scrape() {
        meters.read();
        return registry.scrape();
    }

    @Test
    void reviveTraffic_isWhatWentThroughTheLedger_asRocketMqLabelsItsReviveTopic() {
        pop.send(0, "m0", "m1");
        PopMessages.Result popped = pop.popNow(pop(0, 2, false));
        pop.ack(popped, 0);
        pop.messages.broker.clock.advanceMillis(INVISIBLE);
        pop.revive.revive();

        assertThat(scrape())
                .contains("rocketmq_pop_revive_in_message_total{" + GROUP_TOPIC + ",put_status=\"PUT_OK\","
                        + "revive_message_type=\"CK\"," + TOPIC + "} 2.0")
                .contains("rocketmq_pop_revive_in_message_total{" + GROUP_TOPIC + ",put_status=\"PUT_OK\","
                        + "revive_message_type=\"ACK\"," + TOPIC + "} 1.0")
                .contains("rocketmq_pop_revive_out_message_total{" + GROUP_TOPIC + ",queue_id=\"0\","
                        + "revive_message_type=\"CK\"," + TOPIC + "} 1.0")
                .contains("rocketmq_pop_revive_retry_messages_total{" + GROUP_TOPIC + ",put_status=\"PUT_OK\","
                        + TOPIC + "} 1.0");
    }

    @Test
    void checkpointsInFlight_andTheReviveLatency_areReadFromTheLedgerAtTheScrape() {
        pop.send(0, "m0");
        pop.popNow(pop(0, 1, false));

        assertThat(scrape()).contains("rocketmq_pop_checkpoint_buffer_size{node_type=\"broker\"} 1.0")
                .contains("rocketmq_pop_revive_latency{node_type=\"broker\",queue_id=\"0\"} 0.0");
        pop.messages.broker.clock.advanceMillis(INVISIBLE + 1_500);
        assertThat(scrape()).contains("rocketmq_pop_revive_latency{node_type=\"broker\",queue_id=\"0\"} 1500.0");
    }
}
