package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.Producer;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.SendReceipt;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin message ...}: mqadmin's sendMessage, queryMsgById, queryMsgByKey and queryMsgTraceById. */
@Command(name = "message", description = "Send a test message, look messages up, follow one's trace.",
        subcommands = {MessageCommand.Send.class, MessageCommand.QueryId.class, MessageCommand.QueryKey.class,
                MessageCommand.Consume.class, MessageTraceAction.class})
final class MessageCommand {

    @Mixin
    HelpOption help;

    /** A stored message for {@code --json}: the SDK's view with the body as text. */
    record Stored(String topic, int queueId, long queueOffset, String msgId, String offsetMsgId, String tags,
                  List<String> keys, String body, int bodyLength, Map<String, String> properties, long bornTimestamp,
                  String bornHost, long storeTimestamp, String storeHost, int reconsumeTimes) {

        static Stored of(ReceivedMessage message) {
            return new Stored(message.topic(), message.queueId(), message.queueOffset(), message.msgId(),
                    message.offsetMsgId(), message.tags().orElse(null), message.keys(), message.bodyAsString(),
                    message.body().length, new TreeMap<>(message.properties()), message.bornTimestamp(),
                    message.bornHost(), message.storeTimestamp(), message.storeHost(), message.reconsumeTimes());
        }
    }

    /** Reads {@code --begin}/{@code --end}: epoch milliseconds or an ISO-8601 instant. */
    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {

        @Override
        public Instant convert(String value) {
            try {
                return value.chars().allMatch(Character::isDigit)
                        ? Instant.ofEpochMilli(Long.parseLong(value)) : Instant.parse(value);
            } catch (DateTimeParseException | NumberFormatException e) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is neither epoch milliseconds nor an ISO-8601 instant like 2024-05-01T12:00:00Z");
            }
        }
    }

    private MessageCommand() {
    }

    @Command(name = "send",
            description = "Send one test message and print where it was stored.")
    static final class Send extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic to send to.")
        String topic;

        @Option(names = {"-b", "--body"}, paramLabel = "TEXT", required = true, description = "The body, as UTF-8 text.")
        String body;

        @Option(names = {"-t", "--tags"}, paramLabel = "TAG", description = "The tag consumers filter on.")
        String tags;

        @Option(names = {"-k", "--keys"}, paramLabel = "KEY", split = ",",
                description = "Keys to look the message up by (comma-separated or repeated).")
        List<String> keys = new ArrayList<>();

        @Option(names = "--property", paramLabel = "NAME=VALUE", description = "A user property (repeatable).")
        Map<String, String> properties = new LinkedHashMap<>();

        @Option(names = {"-g", "--group"}, paramLabel = "GROUP", defaultValue = "hexmq-admin-producer",
                description = "The producer group (default hexmq-admin-producer).")
        String group;

        @Override
        Report execute(HexmqClient client) {
            Message.Builder message = Message.builder(topic).body(body).keys(keys.toArray(String[]::new));
            if (tags != null) {
                message.tags(tags);
            }
            properties.forEach(message::property);
            Message built = message.build();
            try (Producer producer = client.newProducer().group(group).sendTimeout(connection.timeout()).build()) {
                SendReceipt receipt = producer.send(built);
                Table table = Table.of("MSG ID", "OFFSET MSG ID", "BROKER", "QUEUE", "QUEUE OFFSET", "STATUS")
                        .row(receipt.msgId(), receipt.offsetMsgId(), receipt.queue().brokerName(),
                                receipt.queue().queueId(), receipt.queueOffset(), receipt.status());
                return Report.of(table, receipt);
            }
        }
    }

    @Command(name = "query-id",
            description = "Show a message found by its offset message id (as 'message send' prints it).")
    static final class QueryId extends AdminAction {

        @Parameters(index = "0", paramLabel = "OFFSET_MSG_ID", description = "The offset message id.")
        String offsetMsgId;

        @Override
        Report execute(HexmqClient client) {
            ReceivedMessage message = client.admin().viewMessage(offsetMsgId);
            Table table = Table.of("FIELD", "VALUE")
                    .row("Topic", message.topic())
                    .row("Queue", message.queueId())
                    .row("Queue offset", message.queueOffset())
                    .row("Msg id", message.msgId())
                    .row("Offset msg id", message.offsetMsgId())
                    .row("Tags", message.tags().orElse(null))
                    .row("Keys", message.keys().isEmpty() ? null : String.join(" ", message.keys()))
                    .row("Born", Objects.toString(Cells.time(message.bornTimestamp()), "-") + " from " + message.bornHost())
                    .row("Stored", Objects.toString(Cells.time(message.storeTimestamp()), "-") + " on " + message.storeHost())
                    .row("Reconsume times", message.reconsumeTimes())
                    .row("Properties", new TreeMap<>(message.properties()))
                    .row("Body (" + message.body().length + " bytes)", Cells.preview(message.bodyAsString()));
            return Report.of(table, Stored.of(message));
        }
    }

    @Command(name = "query-key",
            description = "Find a topic's messages by key, or by tag with --tag (needs a broker that indexes keys).")
    static final class QueryKey extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic.")
        String topic;

        @Parameters(index = "1", paramLabel = "KEY", description = "The key (the tag with --tag).")
        String key;

        @Option(names = "--tag", description = "Look KEY up as a tag (indexType T; needs hexmq or RocketMQ 5.5+).")
        boolean tag;

        @Option(names = "--max", paramLabel = "N", defaultValue = "32", description = "At most this many messages (default 32).")
        int max;

        @Option(names = "--begin", paramLabel = "TIME", converter = InstantConverter.class,
                description = "Stored at or after (epoch ms or ISO-8601; default: the beginning).")
        Instant begin = Instant.EPOCH;

        @Option(names = "--end", paramLabel = "TIME", converter = InstantConverter.class,
                description = "Stored at or before (epoch ms or ISO-8601; default: no limit).")
        Instant end = Instant.ofEpochMilli(Long.MAX_VALUE);

        @Override
        Report execute(HexmqClient client) {
            List<ReceivedMessage> found = tag ? client.admin().queryMessagesByTag(topic, key, max, begin, end)
                    : client.admin().queryMessagesByKey(topic, key, max, begin, end);
            Table table = Table.of("MSG ID", "OFFSET MSG ID", "QUEUE", "QUEUE OFFSET", "TAGS", "STORED", "BODY");
            for (ReceivedMessage message : found) {
                table.row(message.msgId(), message.offsetMsgId(), message.queueId(), message.queueOffset(),
                        message.tags().orElse(null), Cells.time(message.storeTimestamp()),
                        Cells.preview(message.bodyAsString()));
            }
            return Report.of(table, found.stream().map(Stored::of).toList());
        }
    }

    @Command(name = "consume",
            description = "Print a few messages of a topic from the start of each queue, without committing anything.")
    static final class Consume extends AdminAction {

        @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic to read.")
        String topic;

        @Option(names = {"-c", "--count"}, paramLabel = "N", defaultValue = "10",
                description = "Stop after this many messages (default 10).")
        int count;

        @Option(names = "--from-end", description = "Wait for new messages instead of reading from the beginning.")
        boolean fromEnd;

        @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "3",
                description = "Stop when no message arrived for this long (default 3).")
        int waitSeconds;

        @Option(names = {"-g", "--group"}, paramLabel = "GROUP", defaultValue = "hexmq-admin-inspector",
                description = "The group the reader uses; its offsets are never committed (default hexmq-admin-inspector).")
        String group;

        @Override
        Report execute(HexmqClient client) {
            List<ReceivedMessage> read = new ArrayList<>();
            try (PullConsumer consumer = client.newPullConsumer().group(group).build()) {
                List<io.hexmq.client.MessageQueue> queues = consumer.queues(topic);
                consumer.assign(queues);
                if (fromEnd) {
                    consumer.seekToEnd(queues);
                } else {
                    consumer.seekToBeginning(queues);
                }
                while (read.size() < count) {
                    List<ReceivedMessage> batch = consumer.poll(java.time.Duration.ofSeconds(waitSeconds));
                    if (batch.isEmpty()) {
                        break;
                    }
                    read.addAll(batch.subList(0, Math.min(batch.size(), count - read.size())));
                }
            }
            Table table = Table.of("QUEUE", "QUEUE OFFSET", "MSG ID", "TAGS", "KEYS", "STORED", "BODY");
            for (ReceivedMessage message : read) {
                table.row(message.queueId(), message.queueOffset(), message.msgId(), message.tags().orElse(null),
                        message.keys().isEmpty() ? null : String.join(" ", message.keys()),
                        Cells.time(message.storeTimestamp()), Cells.preview(message.bodyAsString()));
            }
            return Report.of(table, read.stream().map(Stored::of).toList());
        }
    }
}
