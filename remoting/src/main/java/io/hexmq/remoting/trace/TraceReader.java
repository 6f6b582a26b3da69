package io.hexmq.remoting.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads RocketMQ's trace records (what the official clients write to the trace topic) into a {@link TracePath}.
 * A trace message's body holds records in {@link TraceFormat}. The layouts, by field position (as
 * the official clients and the SDK's writer lay them out):
 * <ul>
 *   <li>Pub: type, timestamp, region, group, topic, msgId, tags, keys, storeHost, bodyLength, costTime,
 *       message type, offsetMsgId, success (absent from old clients: success)</li>
 *   <li>SubBefore: type, timestamp, region, group, requestId, msgId, retryTimes, keys</li>
 *   <li>SubAfter: type, requestId, msgId, costTime, success, keys, contextCode, then (not from cloud clients)
 *       timestamp and group</li>
 *   <li>EndTransaction: type, timestamp, region, group, topic, msgId, tags, keys, storeHost, message type,
 *       transactionId, transaction state, fromTransactionCheck</li>
 * </ul>
 * A client writes {@code null} for a field it had no value for. The sender of a trace message is the traced
 * client, so its born host is the client's address. Records of other messages sharing a key are skipped.
 */
public final class TraceReader {

    private final String msgId;
    private final List<TracePath.Send> sends = new ArrayList<>();
    private final List<TracePath.TransactionEnd> transactionEnds = new ArrayList<>();
    private final Map<String, String[]> startsByRequest = new HashMap<>();
    private final Map<String, String> startHosts = new HashMap<>();
    private final Map<String, String[]> endsByRequest = new HashMap<>();
    private final Map<String, String> endHosts = new HashMap<>();

    public TraceReader(String msgId) {
        this.msgId = msgId;
    }

    /**
     * Reads the records of one trace message.
     *
     * @param body       the trace message's body
     * @param clientHost its born host, {@code ip:port}: the traced client, which sent it
     */
    public void read(String body, String clientHost) {
        int start = 0;
        while (start < body.length()) {
            int end = body.indexOf(TraceFormat.RECORD_END, start);
            if (end < 0) {
                end = body.length();
            }
            if (end > start) {
                readRecord(body.substring(start, end).split(String.valueOf(TraceFormat.FIELD_SEPARATOR), -1),
                        clientHost);
            }
            start = end + 1;
        }
    }

    private void readRecord(String[] fields, String clientHost) {
        switch (fields[0]) {
            case TraceFormat.PUB -> {
                if (fields.length >= 13 && msgId.equals(fields[5])) {
                    sends.add(new TracePath.Send(text(fields[3]), text(fields[4]), text(fields[6]), text(fields[7]),
                            clientHost, number(fields[1]), number(fields[10]),
                            fields.length < 14 || Boolean.parseBoolean(fields[13]), text(fields[8]), text(fields[12]),
                            (int) number(fields[9]), text(fields[2])));
                }
            }
            case TraceFormat.SUB_BEFORE -> {
                if (fields.length >= 8 && msgId.equals(fields[5])) {
                    startsByRequest.put(fields[4], fields);
                    startHosts.put(fields[4], clientHost);
                }
            }
            case TraceFormat.SUB_AFTER -> {
                if (fields.length >= 7 && msgId.equals(fields[2])) {
                    endsByRequest.put(fields[1], fields);
                    endHosts.put(fields[1], clientHost);
                }
            }
            case TraceFormat.END_TRANSACTION -> {
                if (fields.length >= 13 && msgId.equals(fields[5])) {
                    transactionEnds.add(new TracePath.TransactionEnd(text(fields[3]), clientHost, number(fields[1]),
                            text(fields[10]), text(fields[11]), Boolean.parseBoolean(fields[12])));
                }
            }
            default -> {
                // Recall and types of later clients: not part of the path this view shows
            }
        }
    }

    public TracePath path() {
        List<TracePath.Consumption> consumptions = new ArrayList<>();
        startsByRequest.forEach((request, before) -> {
            String[] after = endsByRequest.get(request);
            consumptions.add(new TracePath.Consumption(text(before[3]), startHosts.get(request), number(before[1]),
                    (int) number(before[6]), after == null ? Optional.empty() : Optional.of(number(after[3])),
                    after == null ? Optional.empty() : Optional.of(Boolean.parseBoolean(after[4])), text(before[2])));
        });
        endsByRequest.forEach((request, after) -> {
            if (!startsByRequest.containsKey(request)) {
                consumptions.add(new TracePath.Consumption(after.length > 8 ? text(after[8]) : "",
                        endHosts.get(request), after.length > 7 ? number(after[7]) : 0, 0,
                        Optional.of(number(after[3])), Optional.of(Boolean.parseBoolean(after[4])), ""));
            }
        });
        sends.sort(Comparator.comparingLong(TracePath.Send::timestamp));
        consumptions.sort(Comparator.comparingLong(TracePath.Consumption::timestamp));
        transactionEnds.sort(Comparator.comparingLong(TracePath.TransactionEnd::timestamp));
        return new TracePath(msgId, sends, consumptions, transactionEnds);
    }

    private static String text(String field) {
        return TraceFormat.NO_VALUE.equals(field) ? "" : field;
    }

    private static long number(String field) {
        try {
            return Long.parseLong(field.trim());
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }
}
