package io.hexmq.adapters.console;

import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.RuntimeGauges;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.message.GetMaxOffset;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.ViewMessage;
import java.time.ZoneOffset;

/** A console on an ephemeral loopback port over {@link TestBroker}'s real use cases and in-memory ports. */
final class TestConsole {

    private TestConsole() {
    }

    static ConsoleServer start(TestBroker broker, ConsoleAccess access) {
        ConsoleUseCases useCases = new ConsoleUseCases(
                new GetBrokerRuntimeInfo(broker.statistics, RuntimeGauges.builder().build(), broker.clock, TestBroker.START),
                broker.statistics, broker.getAllTopicConfigs, broker.getTopicStats, broker.createOrUpdateTopic,
                broker.deleteTopic, broker.getSubscriptionGroups,
                new GetTopicsConsumedByGroup(broker.consumers, broker.offsets), broker.getConsumeStats,
                broker.getConsumerConnections, broker.resetConsumerOffsetByTime, new QueryMessages(broker.messageStore),
                new ViewMessage(broker.messageStore), new SearchOffsetByTimestamp(broker.messageStore),
                new QueryConsumeQueue(broker.messageStore, broker.consumers), new GetMaxOffset(broker.messageStore),
                broker.commitConsumerOffset);
        ConsoleBroker identity = new ConsoleBroker("DefaultCluster", "broker-a", "10.0.0.1:10911", "V5_5_0", "file",
                () -> "master", ZoneOffset.UTC, "RMQ_SYS_TRACE_TOPIC");
        ConsoleServer console = new ConsoleServer("127.0.0.1", 0, new ConsolePages(identity, useCases, broker.clock),
                access);
        broker.messageStore.start();
        console.start();
        return console;
    }
}
