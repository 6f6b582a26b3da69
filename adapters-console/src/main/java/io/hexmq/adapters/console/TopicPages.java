package io.hexmq.adapters.console;

import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.domain.auth.OperationNeeds;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code /topics} (the list, and the form that creates one) and {@code /topic} (one topic: its config and route on
 * this broker, each queue's offsets, the forms that update and delete it).
 */
final class TopicPages {

    static final String LIST_PATH = "/topics";
    static final String TOPIC_PATH = "/topic";
    static final String DELETE_PATH = "/topic/delete";
    private static final int DEFAULT_QUEUES = 8;
    /** What a save did, as the page it leads to says it: CreateOrUpdateTopic's results. */
    private static final Set<String> DONE = Arrays.stream(CreateOrUpdateTopic.Result.values())
            .map(result -> result.name().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());

    private final ConsoleBroker broker;
    private final ConsoleUseCases useCases;
    private final Times times;

    TopicPages(ConsoleBroker broker, ConsoleUseCases useCases) {
        this.broker = broker;
        this.useCases = useCases;
        this.times = new Times(broker.zone());
    }

    /** GET: the list. POST: create or update the named topic, then show it. */
    Response list(ConsoleRequest request) {
        if (request.isPost()) {
            return save(request);
        }
        List<TopicConfig> topics = useCases.topics().get().configs().stream()
                .sorted(Comparator.comparing(config -> config.name().value())).toList();
        StringBuilder body = new StringBuilder(4096);
        body.append("<h2>Create a topic</h2>").append(topicForm(Optional.empty()));
        body.append("<table id=\"topics\"><tr><th>Topic</th><th>Read queues</th><th>Write queues</th>"
                + "<th>Permission</th><th>Order</th></tr>");
        for (TopicConfig topic : topics) {
            body.append("<tr><td><a href=\"").append(TOPIC_PATH).append("?name=").append(Html.param(topic.name().value()))
                    .append("\">").append(Html.text(topic.name().value())).append("</a></td><td class=\"num\">")
                    .append(topic.readQueueNums()).append("</td><td class=\"num\">").append(topic.writeQueueNums())
                    .append("</td><td>").append(permission(topic.permission())).append("</td><td>")
                    .append(topic.order() ? "ordered" : "").append("</td></tr>");
        }
        body.append("</table>");
        return Response.html(Layout.page(topics.size() + " topics", LIST_PATH, body.toString()));
    }

    Response topic(ConsoleRequest request) {
        TopicName name = TopicName.reportedByBroker(request.required("name"));
        Optional<TopicConfig> config = useCases.topics().get().find(name);
        Optional<List<GetTopicStats.QueueStats>> queues = useCases.topicStats().get(new GetTopicStats.Command(name));
        if (config.isEmpty() || queues.isEmpty()) {
            return Response.error(404, "No such topic", "Topic " + name.value() + " is not on broker "
                    + broker.brokerName());
        }
        TopicConfig topic = config.get();
        StringBuilder body = new StringBuilder(4096);
        request.parameter("done").filter(DONE::contains).ifPresent(done ->
                body.append("<p class=\"notice\" role=\"status\">Topic ").append(done).append("</p>"));
        body.append("<h2>Route on this broker</h2><table id=\"route\"><tr><th>Broker</th><th>Read queues</th>"
                + "<th>Write queues</th><th>Permission</th></tr><tr><td>").append(Html.text(broker.brokerName()))
                .append(" (").append(Html.text(broker.address())).append(")</td><td class=\"num\">")
                .append(topic.readQueueNums()).append("</td><td class=\"num\">").append(topic.writeQueueNums())
                .append("</td><td>").append(permission(topic.permission())).append("</td></tr></table>");
        body.append("<h2>Queues</h2><table id=\"queues\"><tr><th>Queue</th><th>Min offset</th><th>Max offset</th>"
                + "<th>Last stored</th></tr>");
        for (GetTopicStats.QueueStats queue : queues.get()) {
            body.append("<tr><td class=\"num\">").append(queue.queue().queueId()).append("</td><td class=\"num\">")
                    .append(queue.minOffset()).append("</td><td class=\"num\">").append(queue.maxOffset())
                    .append("</td><td>").append(times.show(queue.lastUpdateTimestamp())).append("</td></tr>");
        }
        body.append("</table><h2>Update</h2>").append(topicForm(Optional.of(topic)));
        body.append("<h2>Delete</h2><form method=\"post\" action=\"").append(DELETE_PATH).append("\">")
                .append("<input type=\"hidden\" name=\"name\" value=\"").append(Html.text(name.value())).append("\">")
                .append("<button type=\"submit\" onclick=\"return confirm('Delete this topic and its messages?')\">")
                .append("Delete topic</button></form>");
        body.append("<p><a href=\"").append(MessagePages.SEARCH_PATH).append("?topic=").append(Html.param(name.value()))
                .append("\">Find messages of this topic</a></p>");
        return Response.html(Layout.page("Topic " + name.value(), LIST_PATH, body.toString()));
    }

    Response delete(ConsoleRequest request) {
        if (!request.isPost()) {
            return Response.error(405, "Method not allowed", "A topic is deleted with the form on its page");
        }
        TopicName name = TopicName.reportedByBroker(request.required("name"));
        request.caller().require(RequestCode.DELETE_TOPIC_IN_BROKER, OperationNeeds.deleteTopic(name.value()));
        boolean removed = Changes.await(useCases.deleteTopic().delete(new DeleteTopic.Command(name)),
                "deleting topic " + name.value());
        return Response.seeOther(LIST_PATH + (removed ? "" : "?missing=" + Html.param(name.value())));
    }

    private Response save(ConsoleRequest request) {
        TopicName name = new TopicName(request.required("name"));
        request.caller().require(RequestCode.UPDATE_AND_CREATE_TOPIC,
                OperationNeeds.createOrUpdateTopic(name.value()));
        int readQueues = request.integer("readQueueNums", DEFAULT_QUEUES);
        int writeQueues = request.integer("writeQueueNums", DEFAULT_QUEUES);
        Permission permission = new Permission(request.integer("perm", Permission.READ_WRITE.bits()));
        TopicConfig wanted = useCases.topics().get().find(name)
                .map(existing -> new TopicConfig(name, readQueues, writeQueues, permission, existing.filterType(),
                        existing.topicSysFlag(), existing.order(), existing.attributes()))
                .orElseGet(() -> TopicConfig.of(name, readQueues, writeQueues, permission));
        CreateOrUpdateTopic.Result result = Changes.await(
                useCases.createOrUpdateTopic().createOrUpdate(new CreateOrUpdateTopic.Command(wanted)),
                "saving topic " + name.value());
        return Response.seeOther(TOPIC_PATH + "?name=" + Html.param(name.value()) + "&done="
                + result.name().toLowerCase(Locale.ROOT));
    }

    private static String topicForm(Optional<TopicConfig> topic) {
        String name = topic.map(config -> config.name().value()).orElse("");
        return "<form method=\"post\" action=\"" + LIST_PATH + "\">"
                + "<label>Name<input name=\"name\" required maxlength=\"" + TopicName.MAX_LENGTH + "\" value=\""
                + Html.text(name) + "\"" + (topic.isPresent() ? " readonly" : "") + "></label>"
                + "<label>Read queues<input name=\"readQueueNums\" type=\"number\" min=\"1\" value=\""
                + topic.map(TopicConfig::readQueueNums).orElse(DEFAULT_QUEUES) + "\"></label>"
                + "<label>Write queues<input name=\"writeQueueNums\" type=\"number\" min=\"1\" value=\""
                + topic.map(TopicConfig::writeQueueNums).orElse(DEFAULT_QUEUES) + "\"></label>"
                + "<label>Permission<select name=\"perm\">"
                + option(Permission.READ_WRITE.bits(), "read and write", topic)
                + option(Permission.PERM_READ, "read only", topic)
                + option(Permission.PERM_WRITE, "write only", topic)
                + "</select></label><button type=\"submit\">" + (topic.isPresent() ? "Update" : "Create")
                + "</button></form>";
    }

    private static String option(int bits, String label, Optional<TopicConfig> topic) {
        boolean selected = topic.map(config -> (config.permission().bits() & (Permission.PERM_READ | Permission.PERM_WRITE))
                == bits).orElse(bits == Permission.READ_WRITE.bits());
        return "<option value=\"" + bits + "\"" + (selected ? " selected" : "") + ">" + label + "</option>";
    }

    private static String permission(Permission permission) {
        return (permission.isReadable() ? "read " : "") + (permission.isWritable() ? "write" : "");
    }
}
