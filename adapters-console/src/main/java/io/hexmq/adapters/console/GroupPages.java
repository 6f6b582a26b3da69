package io.hexmq.adapters.console;

import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.domain.auth.OperationNeeds;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RequestCode;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;

/**
 * {@code /groups} (every subscription group, with its online members and lag) and {@code /group} (one group: its
 * members, each queue's offsets and lag, and the form that resets it to a time).
 */
final class GroupPages {

    static final String LIST_PATH = "/groups";
    static final String GROUP_PATH = "/group";
    static final String RESET_PATH = "/group/reset";

    private final ConsoleUseCases useCases;
    private final Times times;

    GroupPages(ConsoleBroker broker, ConsoleUseCases useCases) {
        this.useCases = useCases;
        this.times = new Times(broker.zone());
    }

    Response list(ConsoleRequest request) {
        List<SubscriptionGroupConfig> groups = useCases.groups().get().configs().stream()
                .sorted(Comparator.comparing(config -> config.groupName().value())).toList();
        StringBuilder body = new StringBuilder(4096);
        body.append("<table id=\"groups\"><tr><th>Group</th><th>Online members</th><th>Consume mode</th>"
                + "<th>Lag</th><th>Consuming</th><th>Retry max</th></tr>");
        for (SubscriptionGroupConfig group : groups) {
            Optional<ConsumerGroup> online = online(group.groupName());
            body.append("<tr><td><a href=\"").append(GROUP_PATH).append("?name=").append(Html.param(group.groupName().value()))
                    .append("\">").append(Html.text(group.groupName().value())).append("</a></td><td class=\"num\">")
                    .append(online.map(consumers -> consumers.clientIds().size()).orElse(0)).append("</td><td>")
                    .append(online.map(consumers -> consumers.consumeType() + " " + consumers.messageModel()).orElse(""))
                    .append("</td><td class=\"num\">").append(lag(stats(group.groupName()).queues()))
                    .append("</td><td>").append(group.consumeEnable() ? "enabled" : "disabled")
                    .append("</td><td class=\"num\">").append(group.retryMaxTimes()).append("</td></tr>");
        }
        body.append("</table>");
        return Response.html(Layout.page(groups.size() + " consumer groups", LIST_PATH, body.toString()));
    }

    Response group(ConsoleRequest request) {
        GroupName name = new GroupName(request.required("name"));
        Optional<ConsumerGroup> online = online(name);
        GetConsumeStats.Result stats = stats(name);
        if (useCases.groups().get().find(name).isEmpty() && online.isEmpty() && stats.queues().isEmpty()) {
            return Response.error(404, "No such group", "Consumer group " + name.value() + " is not known here");
        }
        StringBuilder body = new StringBuilder(4096);
        request.parameter("reset").ifPresent(topic -> body.append("<p class=\"notice\" role=\"status\">Offsets of ")
                .append(Html.text(topic)).append(" reset</p>"));
        body.append("<h2>Members</h2>");
        if (online.isEmpty()) {
            body.append("<p id=\"members\">No member is online.</p>");
        } else {
            body.append("<p>").append(online.get().consumeType()).append(", ").append(online.get().messageModel())
                    .append(", from ").append(online.get().consumeFromWhere()).append("</p>");
            body.append("<table id=\"members\"><tr><th>Client</th><th>Connection</th><th>Language</th><th>Version</th>"
                    + "<th>Last heartbeat</th></tr>");
            for (ClientConnection member : online.get().members().values()) {
                body.append("<tr><td>").append(Html.text(member.clientId().value())).append("</td><td>")
                        .append(Html.text(member.connection().value())).append("</td><td>")
                        .append(Html.text(member.language())).append("</td><td class=\"num\">").append(member.version())
                        .append("</td><td>").append(times.show(member.lastHeartbeatMillis())).append("</td></tr>");
            }
            body.append("</table>");
        }
        body.append("<h2>Progress</h2><p>Total lag <strong id=\"total-lag\">").append(lag(stats.queues()))
                .append("</strong>, consuming ").append(String.format(Locale.ROOT, "%.1f", stats.consumeTps()))
                .append(" msg/s</p>");
        body.append("<table id=\"progress\"><tr><th>Topic</th><th>Queue</th><th>Broker offset</th>"
                + "<th>Consumer offset</th><th>Lag</th><th>Last consumed message stored</th></tr>");
        for (GetConsumeStats.QueueStats queue : stats.queues()) {
            body.append("<tr><td>").append(Html.text(queue.queue().topic().value())).append("</td><td class=\"num\">")
                    .append(queue.queue().queueId()).append("</td><td class=\"num\">").append(queue.brokerOffset())
                    .append("</td><td class=\"num\">").append(queue.consumerOffset()).append("</td><td class=\"num\">")
                    .append(Math.max(0, queue.brokerOffset() - queue.consumerOffset())).append("</td><td>")
                    .append(times.show(queue.lastTimestamp())).append("</td></tr>");
        }
        body.append("</table>");
        body.append("<h2>Reset offsets</h2>").append(resetForm(name, topics(name)));
        return Response.html(Layout.page("Consumer group " + name.value(), LIST_PATH, body.toString()));
    }

    /** ResetGroupOffsets on every read queue, as {@code mqadmin resetOffsetByTime}: on the broker's side, members online or not. */
    Response reset(ConsoleRequest request) {
        if (!request.isPost()) {
            return Response.error(405, "Method not allowed", "Offsets are reset with the form on the group's page");
        }
        GroupName group = new GroupName(request.required("group"));
        TopicName topic = TopicName.reportedByBroker(request.required("topic"));
        request.caller().require(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                OperationNeeds.changeGroupOffsets(group.value()));
        long timestamp = request.parameter("latest").isPresent() ? ResetGroupOffsets.LATEST
                : times.parse("time", request.required("time"));
        ResetGroupOffsets.Result result = useCases.resetOffset().reset(
                ResetGroupOffsets.Command.allReadQueues(group, topic, timestamp));
        if (result.status() != ResetGroupOffsets.Status.RESET) {
            return Response.error(409, "Not reset", result.remark());
        }
        return Response.seeOther(GROUP_PATH + "?name=" + Html.param(group.value()) + "&reset=" + Html.param(topic.value()));
    }

    private String resetForm(GroupName group, SortedSet<TopicName> topics) {
        StringBuilder form = new StringBuilder("<form method=\"post\" action=\"").append(RESET_PATH).append("\">")
                .append("<input type=\"hidden\" name=\"group\" value=\"").append(Html.text(group.value())).append("\">")
                .append("<label>Topic<select name=\"topic\" required>");
        for (TopicName topic : topics) {
            form.append("<option>").append(Html.text(topic.value())).append("</option>");
        }
        return form.append("</select></label><label>To messages stored at or after (").append(Html.text(times.zoneName()))
                .append(")<input name=\"time\" type=\"datetime-local\" step=\"1\"></label>")
                .append("<label><span>or to the end</span><input name=\"latest\" type=\"checkbox\" value=\"true\"></label>")
                .append("<button type=\"submit\">Reset</button></form>").toString();
    }

    private Optional<ConsumerGroup> online(GroupName group) {
        return useCases.connections().get(new GetConsumerConnections.Command(group));
    }

    private SortedSet<TopicName> topics(GroupName group) {
        return useCases.groupTopics().topics(new GetTopicsConsumedByGroup.Query(group));
    }

    private GetConsumeStats.Result stats(GroupName group) {
        return useCases.consumeStats().get(new GetConsumeStats.Command(group, topics(group)));
    }

    private static long lag(List<GetConsumeStats.QueueStats> queues) {
        return queues.stream().mapToLong(queue -> Math.max(0, queue.brokerOffset() - queue.consumerOffset())).sum();
    }
}
