package io.hexmq.client.internal.admin;

import io.hexmq.client.MessageTrace;
import io.hexmq.remoting.trace.TracePath;

/** The shared reader's {@link TracePath} as the SDK's own {@link MessageTrace}, so no protocol type is SDK API. */
final class MessageTraces {

    private MessageTraces() {
    }

    static MessageTrace of(TracePath path) {
        return new MessageTrace(path.msgId(),
                path.sends().stream().map(send -> new MessageTrace.Send(send.group(), send.topic(), send.tags(),
                        send.keys(), send.clientHost(), send.timestamp(), send.costMillis(), send.success(),
                        send.storeHost(), send.offsetMsgId(), send.bodyLength(), send.region())).toList(),
                path.consumptions().stream().map(consumption -> new MessageTrace.Consumption(consumption.group(),
                        consumption.clientHost(), consumption.timestamp(), consumption.retryTimes(),
                        consumption.costMillis(), consumption.success(), consumption.region())).toList(),
                path.transactionEnds().stream().map(end -> new MessageTrace.TransactionEnd(end.group(),
                        end.clientHost(), end.timestamp(), end.transactionId(), end.state(),
                        end.fromTransactionCheck())).toList());
    }
}
