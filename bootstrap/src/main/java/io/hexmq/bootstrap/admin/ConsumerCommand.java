package io.hexmq.bootstrap.admin;

import io.hexmq.client.ConsumerProgress;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.QueueProgress;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin consumer progress}: mqadmin's consumerProgress. */
@Command(name = "consumer", description = "Inspect consumer groups.",
        subcommands = ConsumerCommand.Progress.class)
final class ConsumerCommand {

    @Mixin
    HelpOption help;

    /** One queue's progress, flattened for {@code --json}. */
    record QueueLag(String topic, String brokerName, int queueId, long brokerOffset, long consumerOffset, long lag,
                    long inflight, long lastTimestamp) {

        static QueueLag of(QueueProgress progress) {
            return new QueueLag(progress.queue().topic(), progress.queue().brokerName(), progress.queue().queueId(),
                    progress.brokerOffset(), progress.consumerOffset(), progress.lag(), progress.inflight(),
                    progress.lastTimestamp());
        }
    }

    /** A group's progress for {@code --json}, with its total lag. */
    record GroupLag(String group, long totalLag, List<QueueLag> queues) {
    }

    private ConsumerCommand() {
    }

    @Command(name = "progress",
            description = "Show a consumer group's committed offset, lag and messages in flight (pulled, not yet"
                    + " committed) on each queue.")
    static final class Progress extends AdminAction {

        @Parameters(index = "0", paramLabel = "GROUP", description = "The consumer group.")
        String group;

        @Override
        Report execute(HexmqClient client) {
            ConsumerProgress progress = client.admin().consumerProgress(group);
            Table table = Table.of("TOPIC", "BROKER", "QUEUE", "BROKER OFFSET", "CONSUMER OFFSET", "LAG",
                    "INFLIGHT", "LAST CONSUMED");
            for (QueueProgress queue : progress.queues()) {
                table.row(queue.queue().topic(), queue.queue().brokerName(), queue.queue().queueId(),
                        queue.brokerOffset(), queue.consumerOffset(), queue.lag(), queue.inflight(),
                        Cells.time(queue.lastTimestamp()));
            }
            String text = table.render() + "Total lag: " + progress.totalLag() + System.lineSeparator();
            return new Report(text, new GroupLag(group, progress.totalLag(),
                    progress.queues().stream().map(QueueLag::of).toList()));
        }
    }
}
