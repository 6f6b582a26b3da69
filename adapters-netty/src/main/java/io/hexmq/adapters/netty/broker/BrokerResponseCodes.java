package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.consumer.InvalidConsumerDataException;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.route.InvalidRouteDataException;
import io.hexmq.domain.topic.InvalidTopicConfigException;
import io.hexmq.domain.topic.InvalidTopicNameException;
import io.hexmq.domain.topic.SystemTopicConflictException;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.ResponseCodes;

/**
 * How the broker answers the exceptions of its handlers: {@link ResponseCodes#defaults()} plus the
 * domain's rejections of what a request asked for. Registering them marks them as expected: the
 * dispatcher logs them once, without a stack trace.
 *
 * <ul>
 *   <li>An illegal topic name, a system topic an admin may not touch, or an impossible topic config:
 *       INVALID_PARAMETER, as the official broker answers UPDATE_AND_CREATE_TOPIC.</li>
 *   <li>An illegal group name, client id, queue id or group setting, an illegal broker name in a
 *       queue, and a body that does not parse: SYSTEM_ERROR with the reason, which is what the official
 *       broker answers for a request it cannot decode.</li>
 *   <li>A write that reached a replica of a broker group that does not lead it (a topic, group or offset
 *       change on a slave): SERVICE_NOT_AVAILABLE with the leader in the remark, as a RocketMQ slave answers.</li>
 * </ul>
 * A user or policy the model refuses (a user that exists already or does not exist, a bad resource or
 * action): INVALID_PARAMETER with the reason, which never holds a password.
 * Storage failures (topic, group or offset files, the message store) are left out on purpose: they are
 * faults of this broker, answered SYSTEM_ERROR by the default rule and logged with their stack trace.
 */
public final class BrokerResponseCodes {

    private BrokerResponseCodes() {
    }

    public static ResponseCodes create() {
        return ResponseCodes.defaults()
                .with(InvalidTopicNameException.class, ResponseCode.INVALID_PARAMETER)
                .with(SystemTopicConflictException.class, ResponseCode.INVALID_PARAMETER)
                .with(InvalidTopicConfigException.class, ResponseCode.INVALID_PARAMETER)
                .with(InvalidConsumerDataException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidRouteDataException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidBodyException.class, ResponseCode.SYSTEM_ERROR)
                .with(NotLeaderException.class, ResponseCode.SERVICE_NOT_AVAILABLE)
                .with(InvalidAuthDataException.class, ResponseCode.INVALID_PARAMETER);
    }
}
