package io.hexmq.adapters.console;

import io.hexmq.application.message.QueryMessages;
import io.hexmq.domain.auth.OperationNeeds;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.trace.TracePath;
import io.hexmq.remoting.trace.TraceReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A message's trace on its page: the trace topic's messages keyed by the message id, read as
 * {@code mqadmin queryMsgTraceById} reads them (each send, each delivery, each transaction end).
 */
final class TraceSection {

    private final QueryMessages queryMessages;
    private final String traceTopic;
    private final Times times;

    TraceSection(QueryMessages queryMessages, String traceTopic, Times times) {
        this.queryMessages = queryMessages;
        this.traceTopic = traceTopic;
        this.times = times;
    }

    /** The trace is read as QUERY_MESSAGE on the trace topic: a user not allowed that sees why, not the trace. */
    String render(String msgId, Caller caller) {
        StringBuilder html = new StringBuilder(2048).append("<h2>Trace</h2>");
        try {
            caller.require(RequestCode.QUERY_MESSAGE, OperationNeeds.queryMessages(traceTopic));
        } catch (ForbiddenException e) {
            return html.append("<p id=\"trace\">").append(Html.text(e.getMessage())).append("</p>").toString();
        }
        TracePath path = read(msgId);
        if (path.isEmpty()) {
            return html.append("<p id=\"trace\">No trace recorded in ").append(Html.text(traceTopic))
                    .append(" (clients trace with enableMsgTrace; the broker hosts the topic with traceTopicEnable=true)")
                    .append("</p>").toString();
        }
        html.append("<table id=\"trace\"><tr><th>Step</th><th>Group</th><th>Client</th><th>When</th><th>Cost</th>"
                + "<th>Status</th><th>Detail</th></tr>");
        for (TracePath.Send send : path.sends()) {
            row(html, "sent", send.group(), send.clientHost(), send.timestamp(), send.costMillis() + " ms",
                    send.success() ? "stored" : "failed", "on " + send.storeHost() + ", " + send.bodyLength() + " bytes");
        }
        for (TracePath.Consumption delivery : path.consumptions()) {
            row(html, "consumed", delivery.group(), delivery.clientHost(), delivery.timestamp(),
                    delivery.costMillis().map(cost -> cost + " ms").orElse("–"),
                    delivery.success().map(success -> success ? "consumed" : "failed").orElse("in progress"),
                    delivery.retryTimes() + " retries");
        }
        for (TracePath.TransactionEnd end : path.transactionEnds()) {
            row(html, "transaction", end.group(), end.clientHost(), end.timestamp(), "–", end.state(),
                    end.fromTransactionCheck() ? "answered a check-back" : "ended by the producer");
        }
        return html.append("</table>").toString();
    }

    private TracePath read(String msgId) {
        TraceReader reader = new TraceReader(msgId);
        for (ByteBuffer record : queryMessages.query(new QueryMessages.Query(traceTopic, IndexType.KEYS, msgId,
                QueryMessages.MAX_NUM, 0, Long.MAX_VALUE)).messages()) {
            StoredMessage traceMessage = StoredMessage.decode(record);
            reader.read(new String(traceMessage.body(), StandardCharsets.UTF_8), traceMessage.bornHost().toString());
        }
        return reader.path();
    }

    private void row(StringBuilder html, String step, String group, String client, long when, String cost,
                     String status, String detail) {
        html.append("<tr><td>").append(step).append("</td><td>").append(Html.text(group)).append("</td><td>")
                .append(Html.text(client)).append("</td><td>").append(times.show(when)).append("</td><td>")
                .append(Html.text(cost)).append("</td><td>").append(Html.text(status)).append("</td><td>")
                .append(Html.text(detail)).append("</td></tr>");
    }
}
