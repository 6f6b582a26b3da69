package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.kvconfig.InvalidKvConfigException;
import io.hexmq.domain.route.InvalidRouteDataException;
import io.hexmq.domain.topic.InvalidTopicConfigException;
import io.hexmq.domain.topic.InvalidTopicNameException;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.ResponseCodes;

/**
 * How the NameServer answers the exceptions of its handlers: {@link ResponseCodes#defaults()} plus the
 * domain's rejections of malformed input and undecodable bodies.
 *
 * <p>All of them become SYSTEM_ERROR with the exception's message as remark, because that is what the
 * official NameServer answers: it validates little and turns every failure of a request (a header it
 * cannot decode, a body that does not parse, a null where a name belongs) into SYSTEM_ERROR with the
 * error text. INVALID_PARAMETER is a broker answer (e.g. a bad topic name at creation), never a
 * NameServer one. Registering them marks them as expected: logged once as a warning, without stack.
 *
 * <p>{@link io.hexmq.domain.kvconfig.KvConfigStorageException} is left out on purpose: a KV config that
 * cannot be saved is a fault of this server, answered SYSTEM_ERROR by the default rule and logged with
 * its stack trace.
 */
public final class NameServerResponseCodes {

    private NameServerResponseCodes() {
    }

    public static ResponseCodes create() {
        return ResponseCodes.defaults()
                .with(InvalidTopicNameException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidTopicConfigException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidRouteDataException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidKvConfigException.class, ResponseCode.SYSTEM_ERROR)
                .with(InvalidBodyException.class, ResponseCode.SYSTEM_ERROR);
    }
}
