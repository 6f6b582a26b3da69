package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.header.ConsumerCallHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;

/**
 * How the broker answers an admin with what a consumer client said, as RocketMQ's broker relays it: the
 * client's body on SUCCESS; SYSTEM_ERROR with the client's own remark when the client refused;
 * SYSTEM_ERROR "The Consumer &lt;group&gt; &lt;clientId&gt; not online" when it is no member or its
 * connection is gone; CONSUME_MSG_TIMEOUT (207) when it did not answer in time; SYSTEM_ERROR naming the
 * failure when the call could not be made.
 */
final class ClientAnswerReplies {

    /** The consumer an admin's request names: header {@code consumerGroup} and {@code clientId}. */
    record AskedConsumer(GroupName group, ClientId clientId) {

        static AskedConsumer of(HeaderReader header) {
            return new AskedConsumer(Headers.group(header, ConsumerCallHeader.CONSUMER_GROUP),
                    new ClientId(header.stringOf(ConsumerCallHeader.CLIENT_ID)));
        }
    }

    private ClientAnswerReplies() {
    }

    static RemotingCommand relay(RemotingCommand request, ClientAnswer answer, AskedConsumer asked) {
        GroupName group = asked.group();
        ClientId clientId = asked.clientId();
        return switch (answer.status()) {
            case ANSWERED -> RemotingCommand.responseTo(request, ResponseCode.SUCCESS).body(answer.body()).build();
            case REFUSED -> failure(request, ResponseCode.SYSTEM_ERROR, answer.remark());
            case NOT_ONLINE -> failure(request, ResponseCode.SYSTEM_ERROR,
                    "The Consumer <" + group + "> <" + clientId + "> not online");
            case TIMED_OUT -> failure(request, ResponseCode.CONSUME_MSG_TIMEOUT,
                    "consumer <" + group + "> <" + clientId + "> Timeout: " + answer.remark());
            case FAILED -> failure(request, ResponseCode.SYSTEM_ERROR,
                    "invoke consumer <" + group + "> <" + clientId + "> Exception: " + answer.remark());
        };
    }

    private static RemotingCommand failure(RemotingCommand request, int code, String remark) {
        return RemotingCommand.responseTo(request, code).remark(remark).build();
    }
}
