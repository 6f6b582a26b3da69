package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The bodies of POP and broker-side assignment, as the official classes encode them:
 * <pre>{@code
 * BatchAckMessageRequestBody   {"acks":[BatchAck],"brokerName":"broker-a"}
 * BatchAck                     {"b":"<base64 of BitSet.toByteArray()>","c":"CG","it":60000,"pt":1700000000000,
 *                               "q":0,"r":"0","rq":0,"so":12,"t":"T"}   (also read under their long names:
 *                               bitSet, consumerGroup, invisibleTime, popTime, queueId, retry, reviveQueueId,
 *                               startOffset, topic)
 * QueryAssignmentRequestBody   {"clientId":"ip@pid","consumerGroup":"CG","messageModel":"CLUSTERING",
 *                               "strategyName":"AVG","topic":"T"}
 * QueryAssignmentResponseBody  {"messageQueueAssignments":[{"messageQueue":MessageQueue,"mode":"POP"}]}
 * SetMessageRequestModeRequestBody {"consumerGroup":"CG","mode":"POP","popShareQueueNum":0,"topic":"T"}
 * }</pre>
 * A BatchAck's bit {@code i} acks offset {@code startOffset + i}.
 */
public final class PopJson {

    /** One BatchAck: the acked offsets of one POP of one queue. */
    public record BatchAck(String consumerGroup, String topic, String retry, long startOffset, int queueId,
            int reviveQueueId, long popTime, long invisibleTime, List<Long> offsets) {

        public BatchAck {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            offsets = List.copyOf(offsets);
        }
    }

    public record AssignmentRequest(String topic, String consumerGroup, String clientId, String strategyName,
            String messageModel) {
    }

    /** @param queueId -1 for every queue of the topic on the broker */
    public record Assignment(ConsumerJson.Queue queue, String mode) {
    }

    public record RequestMode(String topic, String consumerGroup, String mode, int popShareQueueNum) {
    }

    private static final String BATCH_ACK = "BatchAckMessageRequestBody";

    private PopJson() {
    }

    public static List<BatchAck> readBatchAcks(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, BATCH_ACK);
        List<BatchAck> acks = new ArrayList<>();
        try {
            for (JsonElement element : JsonBodies.array(json, "acks")) {
                acks.add(readBatchAck(JsonBodies.object(element, "BatchAck")));
            }
        } catch (IllegalStateException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new InvalidBodyException("malformed " + BATCH_ACK + ": " + e.getMessage(), e);
        }
        return acks;
    }

    private static BatchAck readBatchAck(JsonObject json) {
        long startOffset = longOf(json, "so", "startOffset");
        BitSet bits = BitSet.valueOf(Base64.getDecoder().decode(textOf(json, "b", "bitSet", "")));
        List<Long> offsets = new ArrayList<>(bits.cardinality());
        for (int i = bits.nextSetBit(0); i >= 0 && i < Integer.MAX_VALUE; i = bits.nextSetBit(i + 1)) {
            offsets.add(startOffset + i);
        }
        return new BatchAck(textOf(json, "c", "consumerGroup", null), textOf(json, "t", "topic", null),
                textOf(json, "r", "retry", "0"), startOffset, (int) longOf(json, "q", "queueId"),
                (int) longOf(json, "rq", "reviveQueueId"), longOf(json, "pt", "popTime"),
                longOf(json, "it", "invisibleTime"), offsets);
    }

    private static String textOf(JsonObject json, String name, String longName, String absent) {
        return JsonBodies.string(json, name).or(() -> JsonBodies.string(json, longName)).orElseGet(() -> {
            if (absent == null) {
                throw new InvalidBodyException("BatchAck lacks " + name);
            }
            return absent;
        });
    }

    private static long longOf(JsonObject json, String name, String longName) {
        return json.has(name) ? JsonBodies.longOr(json, name, 0) : JsonBodies.longOr(json, longName, 0);
    }

    /** Writes a batch ack body (the SDK's side, and tests'). */
    public static byte[] batchAcks(String brokerName, Collection<BatchAck> acks) {
        return JsonBodies.write(json -> {
            json.beginObject().name("acks").beginArray();
            for (BatchAck ack : acks) {
                BitSet bits = new BitSet();
                ack.offsets().forEach(offset -> bits.set((int) (offset - ack.startOffset())));
                json.beginObject()
                        .name("b").value(Base64.getEncoder().encodeToString(bits.toByteArray()))
                        .name("c").value(ack.consumerGroup())
                        .name("it").value(ack.invisibleTime())
                        .name("pt").value(ack.popTime())
                        .name("q").value(ack.queueId())
                        .name("r").value(ack.retry())
                        .name("rq").value(ack.reviveQueueId())
                        .name("so").value(ack.startOffset())
                        .name("t").value(ack.topic())
                        .endObject();
            }
            json.endArray().name("brokerName").value(brokerName).endObject();
        });
    }

    public static AssignmentRequest readAssignmentRequest(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, "QueryAssignmentRequestBody");
        return new AssignmentRequest(
                JsonBodies.requiredString(json, "topic", "QueryAssignmentRequestBody"),
                JsonBodies.requiredString(json, "consumerGroup", "QueryAssignmentRequestBody"),
                JsonBodies.string(json, "clientId").orElse(""),
                JsonBodies.string(json, "strategyName").orElse(""),
                JsonBodies.string(json, "messageModel").orElse("CLUSTERING"));
    }

    /** @param assignments null when the broker has no valid answer (the client then keeps what it has) */
    public static byte[] assignments(Collection<Assignment> assignments) {
        return JsonBodies.write(json -> {
            json.beginObject();
            if (assignments != null) {
                json.name("messageQueueAssignments").beginArray();
                for (Assignment assignment : assignments) {
                    json.beginObject().name("messageQueue");
                    ConsumerJson.writeQueue(json, assignment.queue());
                    json.name("mode").value(assignment.mode()).endObject();
                }
                json.endArray();
            }
            json.endObject();
        });
    }

    public static RequestMode readRequestMode(byte[] body) {
        JsonObject json = JsonBodies.parseObject(body, "SetMessageRequestModeRequestBody");
        return new RequestMode(
                JsonBodies.requiredString(json, "topic", "SetMessageRequestModeRequestBody"),
                JsonBodies.requiredString(json, "consumerGroup", "SetMessageRequestModeRequestBody"),
                JsonBodies.string(json, "mode").orElse("PULL"),
                JsonBodies.intOr(json, "popShareQueueNum", 0));
    }
}
