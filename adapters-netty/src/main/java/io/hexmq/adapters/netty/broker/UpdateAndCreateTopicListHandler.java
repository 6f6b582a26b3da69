package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_TOPIC_LIST (18, {@code mqadmin updateTopicList}): no header; the body a
 * CreateTopicListRequestBody ({@link ConfigListBodies}). Every topic is checked before any is stored:
 * INVALID_PARAMETER, changing nothing, for an illegal name or a system topic. SUCCESS once a registration
 * that carries the changes has ended, as for one topic (UPDATE_AND_CREATE_TOPIC).
 */
public final class UpdateAndCreateTopicListHandler implements RequestHandler {

    private final CreateOrUpdateTopic createOrUpdateTopic;

    public UpdateAndCreateTopicListHandler(CreateOrUpdateTopic createOrUpdateTopic) {
        this.createOrUpdateTopic = Objects.requireNonNull(createOrUpdateTopic, "createOrUpdateTopic");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.successOnce(createOrUpdateTopic.createOrUpdateAll(ConfigListBodies.parseTopicConfigList(
                request.body()).stream().map(CreateOrUpdateTopic.Command::new).toList()), request);
    }
}
