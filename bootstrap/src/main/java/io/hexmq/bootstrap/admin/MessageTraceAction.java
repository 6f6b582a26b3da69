package io.hexmq.bootstrap.admin;

import io.hexmq.client.HexmqClient;
import io.hexmq.client.MessageTrace;
import io.hexmq.domain.topic.SystemTopics;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hexmq admin message trace MSG_ID}: mqadmin's queryMsgTraceById, with each delivery's start and end. */
@Command(name = "trace",
        description = "Show a message's path as its clients traced it: each send (group, client, time, cost, stored"
                + " where) and each delivery (group, client, time, retries, cost, status).")
final class MessageTraceAction extends AdminAction {

    /** One traced step for {@code --json}, with the fields its kind has (the others null). */
    record Step(String type, String group, String clientHost, long timestamp, Long costMillis, String status,
                String topic, String tags, String keys, String storeHost, Integer retryTimes, String transactionState) {

        static Step of(MessageTrace.Send send) {
            return new Step("Pub", send.group(), send.clientHost(), send.timestamp(), send.costMillis(),
                    status(send.success()), send.topic(), send.tags(), send.keys(), send.storeHost(), null, null);
        }

        static Step of(MessageTrace.Consumption consumption) {
            return new Step("Sub", consumption.group(), consumption.clientHost(), consumption.timestamp(),
                    consumption.costMillis().orElse(null), consumption.success().map(Step::status).orElse("consuming"),
                    null, null, null, null, consumption.retryTimes(), null);
        }

        static Step of(MessageTrace.TransactionEnd end) {
            return new Step("EndTransaction", end.group(), end.clientHost(), end.timestamp(), null,
                    end.fromTransactionCheck() ? "from check-back" : "by the producer", null, null, null, null, null,
                    end.state());
        }

        private static String status(boolean success) {
            return success ? "success" : "failed";
        }
    }

    @Parameters(index = "0", paramLabel = "MSG_ID", description = "The message id (its UNIQ_KEY, as a send returns it).")
    String msgId;

    @Option(names = "--trace-topic", paramLabel = "TOPIC", defaultValue = "RMQ_SYS_TRACE_TOPIC",
            description = "Where the clients write their trace (default RMQ_SYS_TRACE_TOPIC).")
    String traceTopic = SystemTopics.TRACE_TOPIC.value();

    @Override
    Report execute(HexmqClient client) {
        MessageTrace trace = client.admin().messageTrace(msgId, traceTopic);
        List<Step> steps = new ArrayList<>();
        trace.sends().forEach(send -> steps.add(Step.of(send)));
        trace.transactionEnds().forEach(end -> steps.add(Step.of(end)));
        trace.consumptions().forEach(consumption -> steps.add(Step.of(consumption)));
        if (steps.isEmpty()) {
            return Report.line("No trace of " + msgId + " in " + traceTopic
                    + " (are the clients tracing, and does a broker host the trace topic?)", steps);
        }
        Table table = Table.of("TYPE", "GROUP", "CLIENT", "TIME", "COST", "STATUS", "DETAIL");
        for (Step step : steps) {
            table.row(step.type(), step.group(), step.clientHost(), Cells.time(step.timestamp()),
                    step.costMillis() == null ? null : step.costMillis() + " ms", step.status(), detail(step));
        }
        return Report.of(table, steps);
    }

    private static String detail(Step step) {
        if (step.storeHost() != null) {
            return "stored on " + step.storeHost() + " in " + step.topic();
        }
        if (step.retryTimes() != null) {
            return "retry " + step.retryTimes();
        }
        return step.transactionState();
    }
}
