package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetGroupSubscription;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_SUBSCRIPTION_BY_CONSUMER (345, MQClientAPIImpl.querySubscriptionByConsumer): headers group and topic;
 * answers SUCCESS with a QuerySubscriptionResponseBody, {@code {"group":..,"topic":..,"subscriptionData":
 * {SubscriptionData}}}, without {@code subscriptionData} when the group subscribes to nothing there, as the
 * official broker answers (a null field is left out of its JSON).
 */
public final class QuerySubscriptionByConsumerHandler implements RequestHandler {

    private final GetGroupSubscription getGroupSubscription;

    public QuerySubscriptionByConsumerHandler(GetGroupSubscription getGroupSubscription) {
        this.getGroupSubscription = Objects.requireNonNull(getGroupSubscription, "getGroupSubscription");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GetGroupSubscription.Query query = new GetGroupSubscription.Query(
                Headers.group(request.header(), Headers.GROUP), Headers.topic(request.header(), TopicHeader.TOPIC));
        Optional<Subscription> subscription = getGroupSubscription.subscription(query);
        byte[] body = JsonBodies.write(json -> {
            json.beginObject()
                    .name("group").value(query.group().value())
                    .name("topic").value(query.topic().value());
            if (subscription.isPresent()) {
                json.name("subscriptionData");
                ClientBodies.writeSubscription(json, subscription.get());
            }
            json.endObject();
        });
        return Replies.answer(Replies.success(request).body(body));
    }
}
