package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetTopicRoute;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.JsonFlavour;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_ROUTEINFO_BY_TOPIC (105): header topic, acceptStandardJsonOnly (optional); answers a TopicRouteData
 * body in the {@link JsonFlavour} the request asks for, or TOPIC_NOT_EXIST. Topic names are read with
 * the broker rule ({@link TopicName#reportedByBroker}): clients look up topics brokers named after
 * themselves, such as the cluster's and the broker's own.
 */
public final class GetRouteInfoByTopicHandler implements RequestHandler {

    private final GetTopicRoute getTopicRoute;

    public GetRouteInfoByTopicHandler(GetTopicRoute getTopicRoute) {
        this.getTopicRoute = Objects.requireNonNull(getTopicRoute, "getTopicRoute");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String topic = request.header().stringOf(TopicHeader.TOPIC);
        Optional<TopicRoute> route = getTopicRoute.route(new GetTopicRoute.Query(TopicName.reportedByBroker(topic)));
        if (route.isEmpty()) {
            return Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST,
                    "No topic route info in name server for the topic: " + topic);
        }
        return Replies.answer(Replies.success(request)
                .body(RouteBodies.topicRoute(route.get(), JsonFlavour.requestedBy(request))));
    }
}
