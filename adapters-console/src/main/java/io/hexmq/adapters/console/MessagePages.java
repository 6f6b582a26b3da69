package io.hexmq.adapters.console;

import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.domain.auth.OperationNeeds;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RequestCode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code /messages}: finding messages by id, by key, or by store time, the way {@code mqadmin queryMsgById},
 * {@code queryMsgByKey} and the dashboard's topic search do (QUERY_MESSAGE, VIEW_MESSAGE_BY_ID, SEARCH_OFFSET_BY_TIMESTAMP
 * and QUERY_CONSUME_QUEUE's use cases); {@code /message}: one message, its properties, its body as text and hex,
 * and its trace.
 */
final class MessagePages {

    static final String SEARCH_PATH = "/messages";
    static final String MESSAGE_PATH = "/message";
    /** At most this many messages a search shows (RocketMQ's maxMsgsNumBatch). */
    static final int MAX_SHOWN = QueryMessages.MAX_NUM;
    private static final long HOUR_MILLIS = 3_600_000L;

    private final ConsoleUseCases useCases;
    private final Times times;
    private final Clock clock;
    private final TraceSection trace;

    MessagePages(ConsoleBroker broker, ConsoleUseCases useCases, Clock clock) {
        this.useCases = useCases;
        this.times = new Times(broker.zone());
        this.clock = clock;
        this.trace = new TraceSection(useCases.queryMessages(), broker.traceTopic(), times);
    }

    Response search(ConsoleRequest request) {
        Optional<String> topic = request.parameter("topic");
        Optional<String> by = request.parameter("by");
        StringBuilder body = new StringBuilder(8192).append(forms(request));
        if (by.isPresent()) {
            topic.ifPresent(named -> request.caller().require(RequestCode.QUERY_MESSAGE,
                    OperationNeeds.queryMessages(named)));
            List<MessageView> found = switch (by.get()) {
                case "id" -> byId(topic, request.required("id"));
                case "key" -> byKey(request.required("topic"), indexType(request), request.required("key"),
                        range(request));
                case "time" -> byTime(request.required("topic"), range(request));
                default -> throw new BadRequestException("search by id, key or time, not '" + by.get() + "'");
            };
            found.forEach(view -> request.caller().require(RequestCode.QUERY_MESSAGE,
                    OperationNeeds.queryMessages(view.message().topic())));
            body.append("<h2>").append(found.size()).append(found.size() == 1 ? " message" : " messages")
                    .append(found.size() >= MAX_SHOWN ? " (the first " + MAX_SHOWN + ")" : "").append("</h2>")
                    .append(table(found));
        }
        return Response.html(Layout.page("Messages", SEARCH_PATH, body.toString()));
    }

    Response message(ConsoleRequest request) {
        String id = request.required("id");
        Optional<MessageView> found = byOffsetId(id);
        if (found.isEmpty()) {
            return Response.error(404, "No such message", "No message stored here under offset id " + id);
        }
        MessageView view = found.get();
        request.caller().require(RequestCode.VIEW_MESSAGE_BY_ID, OperationNeeds.queryMessages(view.message().topic()));
        StringBuilder body = new StringBuilder(8192).append("<table id=\"message\">");
        row(body, "Message id", view.msgId());
        row(body, "Offset message id", view.offsetMsgId());
        row(body, "Topic", view.message().topic());
        row(body, "Queue", Integer.toString(view.message().queueId()));
        row(body, "Queue offset", Long.toString(view.message().queueOffset()));
        row(body, "Commit log offset", Long.toString(view.message().commitLogOffset()));
        row(body, "Tags", view.property(MessageProperties.TAGS));
        row(body, "Keys", view.property(MessageProperties.KEYS));
        row(body, "Born", times.show(view.message().bornTimestamp()) + " at " + view.message().bornHost());
        row(body, "Stored", times.show(view.message().storeTimestamp()) + " at " + view.message().storeHost());
        row(body, "Reconsume times", Integer.toString(view.message().reconsumeTimes()));
        row(body, "Body size", view.message().body().length + " bytes");
        body.append("</table><h2>Properties</h2><table id=\"properties\">");
        view.properties().forEach((name, value) -> row(body, name, value));
        body.append("</table><h2>Body as text</h2><pre id=\"body-text\">").append(Html.text(view.bodyText()))
                .append("</pre><h2>Body as hex</h2><pre id=\"body-hex\">").append(Html.text(view.bodyHex()))
                .append("</pre>").append(trace.render(view.msgId(), request.caller()));
        return Response.html(Layout.page("Message " + view.msgId(), SEARCH_PATH, body.toString()));
    }

    private List<MessageView> byId(Optional<String> topic, String id) {
        if (topic.isPresent()) {
            List<MessageView> byUniqueKey = query(new QueryMessages.Query(topic.get(), IndexType.UNIQUE_KEY, id,
                    MAX_SHOWN, 0, Long.MAX_VALUE));
            if (!byUniqueKey.isEmpty()) {
                return byUniqueKey;
            }
        }
        return byOffsetId(id).map(List::of).orElseGet(List::of);
    }

    /** By one of the KEYS or by the tag (QUERY_MESSAGE's indexType K or T). */
    private List<MessageView> byKey(String topic, IndexType type, String key, long[] range) {
        return query(new QueryMessages.Query(topic, type, key, MAX_SHOWN, range[0], range[1]));
    }

    private static IndexType indexType(ConsoleRequest request) {
        return switch (request.parameter("index").orElse("keys")) {
            case "keys" -> IndexType.KEYS;
            case "tag" -> IndexType.TAG;
            default -> throw new BadRequestException("find by keys or by tag, not '" + request.parameters().get("index") + "'");
        };
    }

    /** Each queue from the first message stored at {@code range[0]} on, until the end of the range or the limit. */
    private List<MessageView> byTime(String topic, long[] range) {
        TopicConfig config = useCases.topics().get().find(TopicName.reportedByBroker(topic))
                .orElseThrow(() -> new BadRequestException("topic " + topic + " is not on this broker"));
        List<MessageView> found = new ArrayList<>();
        for (int queueId = 0; queueId < config.readQueueNums() && found.size() < MAX_SHOWN; queueId++) {
            long from = useCases.searchOffset().search(new SearchOffsetByTimestamp.Query(topic, queueId, range[0]));
            Optional<QueryConsumeQueue.Result> entries = useCases.consumeQueue().query(new QueryConsumeQueue.Query(
                    topic, queueId, from, MAX_SHOWN - found.size(), Optional.empty()));
            for (QueryConsumeQueue.Entry entry : entries.map(QueryConsumeQueue.Result::entries).orElseGet(List::of)) {
                Optional<MessageView> view = useCases.viewMessage().view(new ViewMessage.Query(entry.commitLogOffset()))
                        .map(MessageView::of);
                if (view.isPresent() && view.get().message().storeTimestamp() > range[1]) {
                    break;
                }
                view.filter(message -> message.message().storeTimestamp() >= range[0]).ifPresent(found::add);
            }
        }
        return found;
    }

    private Optional<MessageView> byOffsetId(String id) {
        OffsetMessageId offsetId;
        try {
            offsetId = OffsetMessageId.decode(id);
        } catch (RuntimeException notAnOffsetId) {
            return Optional.empty();
        }
        return useCases.viewMessage().view(new ViewMessage.Query(offsetId.commitLogOffset())).map(MessageView::of);
    }

    private List<MessageView> query(QueryMessages.Query query) {
        List<MessageView> found = new ArrayList<>();
        for (ByteBuffer record : useCases.queryMessages().query(query).messages()) {
            found.add(MessageView.of(record));
        }
        return found;
    }

    /** From {@code begin} to {@code end} (the last hour when not given), in the broker's zone. */
    private long[] range(ConsoleRequest request) {
        long now = clock.millis();
        long begin = request.parameter("begin").map(value -> times.parse("begin", value)).orElse(now - HOUR_MILLIS);
        long end = request.parameter("end").map(value -> times.parse("end", value)).orElse(now);
        if (end < begin) {
            throw new BadRequestException("the end of the range is before its beginning");
        }
        return new long[] {begin, end};
    }

    private String forms(ConsoleRequest request) {
        long now = clock.millis();
        String topic = Html.text(request.parameter("topic").orElse(""));
        String begin = Html.text(request.parameter("begin").orElse(times.field(now - HOUR_MILLIS)));
        String end = Html.text(request.parameter("end").orElse(times.field(now + 60_000)));
        String zone = " (" + Html.text(times.zoneName()) + ")";
        return "<h2>By message id</h2><form method=\"get\" action=\"" + SEARCH_PATH + "\" id=\"by-id\">"
                + "<input type=\"hidden\" name=\"by\" value=\"id\">"
                + "<label>Topic (for a producer's id)<input name=\"topic\" value=\"" + topic + "\"></label>"
                + "<label>Message id<input name=\"id\" required size=\"34\" value=\""
                + Html.text(request.parameter("id").orElse("")) + "\"></label><button type=\"submit\">Find</button></form>"
                + "<h2>By key or tag</h2><form method=\"get\" action=\"" + SEARCH_PATH + "\" id=\"by-key\">"
                + "<input type=\"hidden\" name=\"by\" value=\"key\">"
                + "<label>Topic<input name=\"topic\" required value=\"" + topic + "\"></label>"
                + "<label>Find by<select name=\"index\">" + option("keys", "a key", request) + option("tag", "the tag", request)
                + "</select></label>"
                + "<label>Key or tag<input name=\"key\" required value=\"" + Html.text(request.parameter("key").orElse(""))
                + "\"></label><label>Stored from" + zone + "<input name=\"begin\" type=\"datetime-local\" step=\"1\" value=\""
                + begin + "\"></label><label>until<input name=\"end\" type=\"datetime-local\" step=\"1\" value=\"" + end
                + "\"></label><button type=\"submit\">Find</button></form>"
                + "<h2>By time</h2><form method=\"get\" action=\"" + SEARCH_PATH + "\" id=\"by-time\">"
                + "<input type=\"hidden\" name=\"by\" value=\"time\">"
                + "<label>Topic<input name=\"topic\" required value=\"" + topic + "\"></label>"
                + "<label>Stored from" + zone + "<input name=\"begin\" type=\"datetime-local\" step=\"1\" value=\"" + begin
                + "\"></label><label>until<input name=\"end\" type=\"datetime-local\" step=\"1\" value=\"" + end
                + "\"></label><button type=\"submit\">Find</button></form>";
    }

    private static String option(String value, String label, ConsoleRequest request) {
        boolean selected = request.parameter("index").orElse("keys").equals(value);
        return "<option value=\"" + value + "\"" + (selected ? " selected" : "") + ">" + label + "</option>";
    }

    private String table(List<MessageView> messages) {
        StringBuilder table = new StringBuilder("<table id=\"found\"><tr><th>Message id</th><th>Topic</th><th>Queue</th>"
                + "<th>Offset</th><th>Tags</th><th>Keys</th><th>Stored</th></tr>");
        for (MessageView view : messages) {
            table.append("<tr><td><a href=\"").append(MESSAGE_PATH).append("?id=").append(Html.param(view.offsetMsgId()))
                    .append("\">").append(Html.text(view.msgId())).append("</a></td><td>")
                    .append(Html.text(view.message().topic())).append("</td><td class=\"num\">")
                    .append(view.message().queueId()).append("</td><td class=\"num\">").append(view.message().queueOffset())
                    .append("</td><td>").append(Html.text(view.property(MessageProperties.TAGS))).append("</td><td>")
                    .append(Html.text(view.property(MessageProperties.KEYS))).append("</td><td>")
                    .append(times.show(view.message().storeTimestamp())).append("</td></tr>");
        }
        return table.append("</table>").toString();
    }

    private static void row(StringBuilder body, String name, String value) {
        body.append("<tr><th>").append(Html.text(name)).append("</th><td>").append(Html.text(value)).append("</td></tr>");
    }
}
