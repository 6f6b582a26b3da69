package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.remoting.header.CreateTopicHeader;
import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_TOPIC (17, {@code mqadmin updateTopic}): header topic, readQueueNums, writeQueueNums,
 * perm, topicFilterType, topicSysFlag (default 0), order (default false) and the 5.x attributes
 * ({@code +key=value,+key2=value2}); {@code defaultTopic} and {@code force} are not needed. The topic
 * takes exactly the attributes given: {@code -key} entries, which remove a key, are therefore ignored.
 *
 * <p>Answers SUCCESS once the broker has re-registered with the NameServers (whatever they answered: the
 * topic is stored either way, as in RocketMQ), so that the route shows the topic when the admin hears of
 * it; INVALID_PARAMETER, at once, for an illegal topic name, a system topic or unknown permission bits.
 */
public final class UpdateAndCreateTopicHandler implements RequestHandler {

    private final CreateOrUpdateTopic createOrUpdateTopic;

    public UpdateAndCreateTopicHandler(CreateOrUpdateTopic createOrUpdateTopic) {
        this.createOrUpdateTopic = Objects.requireNonNull(createOrUpdateTopic, "createOrUpdateTopic");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        TopicConfig topic = new TopicConfig(
                Headers.topic(header, CreateTopicHeader.TOPIC),
                queueNums(header, CreateTopicHeader.READ_QUEUE_NUMS),
                queueNums(header, CreateTopicHeader.WRITE_QUEUE_NUMS),
                new Permission(header.intOf(CreateTopicHeader.PERM)),
                filterType(header.stringOf(CreateTopicHeader.TOPIC_FILTER_TYPE)),
                header.intOf(CreateTopicHeader.TOPIC_SYS_FLAG),
                header.booleanOf(CreateTopicHeader.ORDER),
                attributes(header.stringOf(CreateTopicHeader.ATTRIBUTES)));
        return Replies.successOnce(createOrUpdateTopic.createOrUpdate(new CreateOrUpdateTopic.Command(topic)), request);
    }

    private static int queueNums(HeaderReader header, HeaderField<Integer> field) {
        int value = header.intOf(field);
        if (value < 0) {
            throw new InvalidHeaderFieldException(field.name(), "a queue count (0 or more)", Integer.toString(value),
                    null);
        }
        return value;
    }

    private static TopicFilterType filterType(String value) {
        try {
            return TopicFilterType.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidHeaderFieldException(CreateTopicHeader.TOPIC_FILTER_TYPE.name(), "SINGLE_TAG or MULTI_TAG",
                    value, e);
        }
    }

    static Map<String, String> attributes(String text) {
        Map<String, String> attributes = new TreeMap<>();
        for (String entry : text.split(",")) {
            String trimmed = entry.trim();
            int equals = trimmed.indexOf('=');
            if (trimmed.startsWith("+") && equals > 1) {
                attributes.put(trimmed.substring(1, equals), trimmed.substring(equals + 1));
            } else if (!trimmed.isEmpty() && !trimmed.startsWith("-")) {
                throw new InvalidHeaderFieldException(CreateTopicHeader.ATTRIBUTES.name(), "+key=value or -key entries",
                        text, null);
            }
        }
        return attributes;
    }
}
