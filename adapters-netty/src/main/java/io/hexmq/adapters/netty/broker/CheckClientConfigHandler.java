package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonObject;
import io.hexmq.application.consumer.CheckClientConfig;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CHECK_CLIENT_CONFIG (46): no header; body CheckClientRequestBody, which the official client sends
 * for each SQL92 subscription to every broker before its consumer starts:
 * <pre>{@code
 * {"clientId":"ip@pid#nanos","group":"CG",
 *  "subscriptionData":{"topic":"T","subString":"a > 5","expressionType":"SQL92","subVersion":1700000000000,
 *                      "tagsSet":[],"codeSet":[],"classFilterMode":false}}
 * }</pre>
 * Answers SUCCESS when the subscription is accepted (also for an empty body or one without
 * subscriptionData, as RocketMQ does), SYSTEM_ERROR when property filtering is off, and
 * SUBSCRIPTION_PARSE_FAILED with the parser's reason; the client then refuses to start and shows the
 * remark.
 */
public final class CheckClientConfigHandler implements RequestHandler {

    private static final Logger LOG = LoggerFactory.getLogger(CheckClientConfigHandler.class);

    private final CheckClientConfig checkClientConfig;

    public CheckClientConfigHandler(CheckClientConfig checkClientConfig) {
        this.checkClientConfig = Objects.requireNonNull(checkClientConfig, "checkClientConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        CheckClientConfig.Result result = checkClientConfig.check(command(request.body()));
        return switch (result.status()) {
            case ACCEPTED -> Replies.answer(Replies.success(request));
            case FILTER_NOT_SUPPORTED -> Replies.failure(request, ResponseCode.SYSTEM_ERROR, result.remark());
            case SUBSCRIPTION_PARSE_FAILED -> {
                LOG.warn("Client {} cannot subscribe: {}", context.remoteAddress(), result.remark());
                yield Replies.failure(request, ResponseCode.SUBSCRIPTION_PARSE_FAILED, result.remark());
            }
        };
    }

    private static CheckClientConfig.Command command(byte[] body) {
        if (body == null || body.length == 0) {
            return new CheckClientConfig.Command(null, null, null, null);
        }
        JsonObject root = JsonBodies.parseObject(body, "CheckClientRequestBody");
        try {
            String group = JsonBodies.string(root, "group").orElse(null);
            String clientId = JsonBodies.string(root, "clientId").orElse(null);
            if (root.get("subscriptionData") == null || root.get("subscriptionData").isJsonNull()) {
                return new CheckClientConfig.Command(group, clientId, null, null);
            }
            JsonObject subscription = JsonBodies.object(root.get("subscriptionData"), "subscriptionData");
            return new CheckClientConfig.Command(group, clientId,
                    JsonBodies.string(subscription, "expressionType").orElse(null),
                    JsonBodies.string(subscription, "subString").orElse(null));
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new InvalidBodyException("malformed CheckClientRequestBody: " + e.getMessage(), e);
        }
    }
}
