package io.hexmq.client.internal.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.MessageListener;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.remote.Bodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DirectConsumptionTest {

    private static final ReceivedMessage MESSAGE = new ReceivedMessage("T", 0, 3, "id", "off", 300, new byte[] {1},
            Map.of(), 0, 0, "127.0.0.1:1", 0, "127.0.0.1:2", 0);

    private final AtomicLong nanos = new AtomicLong();

    private DirectConsumption consuming(MessageListener listener) {
        return new DirectConsumption("g", listener, false, nanos::get);
    }

    @Test
    void handsTheMessageToTheListenerOnce_andTimesIt() {
        List<ReceivedMessage> handed = new ArrayList<>();
        DirectConsumption.Result result = consuming(message -> {
            handed.add(message);
            nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(7));
            return ConsumeResult.SUCCESS;
        }).consume(MESSAGE);

        assertThat(handed).containsExactly(MESSAGE);
        assertThat(result).isEqualTo(new DirectConsumption.Result(false, DirectConsumption.Outcome.SUCCESS, null, 7));
    }

    @Test
    void reportsLater_null_andThrown_asTheOfficialConsumerDoes() {
        assertThat(consuming(message -> ConsumeResult.RECONSUME_LATER).consume(MESSAGE).outcome())
                .isEqualTo(DirectConsumption.Outcome.LATER);
        assertThat(consuming(message -> null).consume(MESSAGE).outcome())
                .isEqualTo(DirectConsumption.Outcome.RETURNED_NULL);
        DirectConsumption.Result threw = consuming(message -> {
            throw new IllegalStateException("no database");
        }).consume(MESSAGE);
        assertThat(threw.outcome()).isEqualTo(DirectConsumption.Outcome.THREW);
        assertThat(threw.remark()).startsWith("java.lang.IllegalStateException: no database at ");
    }

    @Test
    void writesConsumeMessageDirectlyResult() {
        JsonObject json = Bodies.parseObject(new DirectConsumption.Result(true, DirectConsumption.Outcome.LATER, null,
                12).toJson(), "ConsumeMessageDirectlyResult");

        assertThat(json.get("consumeResult").getAsString()).isEqualTo("CR_LATER");
        assertThat(json.get("order").getAsBoolean()).isTrue();
        assertThat(json.get("autoCommit").getAsBoolean()).isTrue();
        assertThat(json.get("spentTimeMills").getAsLong()).isEqualTo(12);
        assertThat(json.has("remark")).isFalse();
        assertThat(Bodies.parseObject(new DirectConsumption.Result(false, DirectConsumption.Outcome.THREW, "boom", 0)
                .toJson(), "ConsumeMessageDirectlyResult").get("remark").getAsString()).isEqualTo("boom");
    }
}
