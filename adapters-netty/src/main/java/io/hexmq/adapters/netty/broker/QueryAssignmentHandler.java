package io.hexmq.adapters.netty.broker;

import io.hexmq.application.pop.QueryAssignment;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.PopJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_ASSIGNMENT (400), body QueryAssignmentRequestBody; answers SUCCESS with QueryAssignmentResponseBody
 * ({@link PopJson}): the client's queues and the mode to take them by, or no assignment set at all when
 * there is no valid answer (the client then keeps what it has).
 */
public final class QueryAssignmentHandler implements RequestHandler {

    private final QueryAssignment queryAssignment;

    public QueryAssignmentHandler(QueryAssignment queryAssignment) {
        this.queryAssignment = Objects.requireNonNull(queryAssignment, "queryAssignment");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        PopJson.AssignmentRequest body = PopJson.readAssignmentRequest(request.body());
        MessageModel model = MessageModel.BROADCASTING.name().equals(body.messageModel())
                ? MessageModel.BROADCASTING : MessageModel.CLUSTERING;
        Collection<PopJson.Assignment> assignments = queryAssignment.query(new QueryAssignment.Command(body.topic(),
                        body.consumerGroup(), body.clientId(), body.strategyName(), model))
                .map(QueryAssignmentHandler::wire)
                .orElse(null);
        return Replies.answer(Replies.success(request).body(PopJson.assignments(assignments)));
    }

    private static Collection<PopJson.Assignment> wire(Set<QueryAssignment.Assignment> assignments) {
        return assignments.stream()
                .map(assignment -> new PopJson.Assignment(new ConsumerJson.Queue(assignment.topic().value(),
                        assignment.brokerName().value(), assignment.queueId()), assignment.mode().name()))
                .toList();
    }
}
