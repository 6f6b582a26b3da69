package io.hexmq.adapters.console;

import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.GetClusterOverview;
import io.hexmq.application.broker.RuntimeGauges;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.fakes.ScriptedClusterDirectory;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.ViewMessage;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

/** A console on an ephemeral loopback port over {@link TestBroker}'s real use cases and in-memory ports. */
final class TestConsole {

    /** The console's own broker's address. */
    static final String ADDRESS = "10.0.0.1:10911";

    private TestConsole() {
    }

    static ConsoleServer start(TestBroker broker, ConsoleAccess access) {
        return start(broker, access, new ScriptedClusterDirectory().replica("DefaultCluster", "broker-a", 0,
                ADDRESS, Optional.of(Map.of())));
    }

    /** @param clusters what the console's cluster page finds: the NameServers' clusters and the brokers' answers */
    static ConsoleServer start(TestBroker broker, ConsoleAccess access, ScriptedClusterDirectory clusters) {
        ConsoleUseCases useCases = new ConsoleUseCases(
                new GetBrokerRuntimeInfo(broker.statistics, RuntimeGauges.builder().build(), broker.clock, TestBroker.START),
                broker.statistics, broker.getAllTopicConfigs, broker.getTopicStats, broker.createOrUpdateTopic,
                broker.deleteTopic, broker.getSubscriptionGroups,
                new GetTopicsConsumedByGroup(broker.consumers, broker.offsets), broker.getConsumeStats,
                broker.getConsumerConnections, broker.resetGroupOffsets, new QueryMessages(broker.messageStore),
                new ViewMessage(broker.messageStore), new SearchOffsetByTimestamp(broker.messageStore),
                new QueryConsumeQueue(broker.messageStore, broker.consumers), new GetClusterOverview(clusters));
        ConsoleBroker identity = new ConsoleBroker("DefaultCluster", "broker-a", ADDRESS, "V5_5_0", "file",
                () -> "master", ZoneOffset.UTC, "RMQ_SYS_TRACE_TOPIC");
        ConsoleServer console = new ConsoleServer("127.0.0.1", 0, new ConsolePages(identity, useCases, broker.clock),
                access);
        broker.messageStore.start();
        console.start();
        return console;
    }
}
