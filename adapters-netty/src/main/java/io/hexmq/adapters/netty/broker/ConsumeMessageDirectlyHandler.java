package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.broker.ClientAnswerReplies.AskedConsumer;
import io.hexmq.application.consumer.ConsumeMessageDirectly;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * CONSUME_MESSAGE_DIRECTLY (309, {@code mqadmin consumeMessage}): header consumerGroup, clientId, msgId
 * (an offset message id of this broker), brokerName (replaced by this broker's), and in 5.x topic.
 * Relays the stored message to that client and answers with the client's ConsumeMessageDirectlyResult
 * JSON as it came, or an error as {@link ClientAnswerReplies} describes; SYSTEM_ERROR when nothing is
 * stored where the id points. The answer is written when the client answers: no thread waits for it.
 */
public final class ConsumeMessageDirectlyHandler implements RequestHandler {

    private final ConsumeMessageDirectly consumeMessageDirectly;

    public ConsumeMessageDirectlyHandler(ConsumeMessageDirectly consumeMessageDirectly) {
        this.consumeMessageDirectly = Objects.requireNonNull(consumeMessageDirectly, "consumeMessageDirectly");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        AskedConsumer asked = AskedConsumer.of(header);
        OffsetMessageId msgId = msgId(header.stringOf(ConsumerCallHeader.MSG_ID));
        Optional<TopicName> topic = Optional.of(header.stringOf(ConsumerCallHeader.TOPIC))
                .filter(name -> !name.isBlank()).map(TopicName::new);
        return consumeMessageDirectly.consume(
                        new ConsumeMessageDirectly.Command(asked.group(), asked.clientId(), msgId, topic))
                .thenApply(answer -> answer
                        .map(found -> ClientAnswerReplies.relay(request, found, asked))
                        .orElseGet(() -> RemotingCommand.responseTo(request, ResponseCode.SYSTEM_ERROR)
                                .remark("can not find message by the offset, " + msgId.commitLogOffset())
                                .build()));
    }

    private static OffsetMessageId msgId(String value) {
        try {
            return OffsetMessageId.decode(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidHeaderFieldException(ConsumerCallHeader.MSG_ID.name(), "an offset message id", value, e);
        }
    }
}
