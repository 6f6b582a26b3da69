package io.hexmq.bootstrap.admin;

import io.hexmq.client.ConsumeQueueEntries;
import io.hexmq.client.HexmqClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin topic consume-queue TOPIC}: mqadmin's queryCq, one queue's entries as a broker holds them. */
@Command(name = "consume-queue",
        description = "Show entries of one of a topic's queues on a broker: each message's logical offset, where it"
                + " lies in the commit log, its size and tag hash; with a group, what the broker says of its filter.")
final class ConsumeQueueAction extends AdminAction {

    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic's name.")
    String topic;

    @Mixin
    BrokerOption broker;

    @Option(names = {"-q", "--queue"}, paramLabel = "ID", required = true, description = "The queue id.")
    int queueId;

    @Option(names = {"-i", "--index"}, paramLabel = "OFFSET", defaultValue = "0",
            description = "The logical offset to start at (default 0).")
    long index;

    @Option(names = "--count", paramLabel = "N", defaultValue = "10", description = "How many entries (default 10).")
    int count;

    @Option(names = {"-g", "--group"}, paramLabel = "GROUP", description = "A consumer group whose filter to show.")
    String group;

    /** The entries for {@code --json}, each with its logical offset. */
    record Entries(long minIndex, long maxIndex, String filterData, List<Entry> entries) {
    }

    record Entry(long index, long commitLogOffset, int size, long tagsCode) {
    }

    @Override
    Report execute(HexmqClient client) {
        Optional<ConsumeQueueEntries> found = client.admin().queryConsumeQueue(broker.address, topic, queueId, index,
                count, group);
        if (found.isEmpty()) {
            return Report.line("Queue " + queueId + " of " + topic + " on " + broker.address + " holds no index "
                    + index, new Entries(-1, -1, null, List.of()));
        }
        ConsumeQueueEntries entries = found.get();
        Table table = Table.of("INDEX", "COMMITLOG OFFSET", "SIZE", "TAGS CODE");
        List<Entry> json = new ArrayList<>();
        long at = index;
        for (ConsumeQueueEntries.Entry entry : entries.entries()) {
            json.add(new Entry(at, entry.commitLogOffset(), entry.size(), entry.tagsCode()));
            table.row(at++, entry.commitLogOffset(), entry.size(), entry.tagsCode());
        }
        StringBuilder text = new StringBuilder(table.render()).append("Queue indexes: ").append(entries.minIndex())
                .append(" to ").append(entries.maxIndex()).append(" (exclusive)").append(System.lineSeparator());
        entries.filterData().ifPresent(filter -> text.append("Filter of ").append(group).append(": ").append(filter)
                .append(System.lineSeparator()));
        return new Report(text.toString(), new Entries(entries.minIndex(), entries.maxIndex(),
                entries.filterData().orElse(null), json));
    }
}
