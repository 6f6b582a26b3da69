package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The bodies of the admin codes that look inside one broker, which the broker writes and the SDK reads, as
 * the official classes encode them; their field names are spelled here and nowhere else, each beside the record
 * of its shape:
 * <pre>{@code
 * HARuntimeInfo  {"master":true,"masterCommitLogMaxOffset":..,"inSyncSlaveNums":0,"haConnectionInfo":[],
 *                 "haClientRuntimeInfo":{"lastReadTimestamp":0,..}}
 * QueryConsumeQueueResponseBody
 *                {"filterData":..,"maxQueueIndex":..,"minQueueIndex":..,"queueData":[{"eval":false,
 *                 "physicOffset":..,"physicSize":..,"tagsCode":..}],"subscriptionData":{SubscriptionData}}
 * CheckRocksdbCqWriteResult
 *                {"checkResult":"..","checkStatus":0}
 * }</pre>
 * GET_BROKER_HA_STATUS answers the first, QUERY_CONSUME_QUEUE the second, CHECK_ROCKSDB_CQ_WRITE_PROGRESS the
 * third. A body that does not read throws
 * {@link InvalidBodyException}; absent figures read as 0.
 */
public final class AdminJson {

    /** An HARuntimeInfo as a broker without master-slave connections has it. */
    public record HaRuntime(boolean master, long masterCommitLogMaxOffset, int inSyncSlaveNums) {
        private static final String MASTER = "master";
        private static final String MASTER_COMMIT_LOG_MAX_OFFSET = "masterCommitLogMaxOffset";
        private static final String IN_SYNC_SLAVE_NUMS = "inSyncSlaveNums";

        /** No HA connection and the slave's part at its defaults: what a master with no slave sends. */
        private void write(JsonWriter json) throws IOException {
            json.beginObject()
                    .name(MASTER).value(master)
                    .name(MASTER_COMMIT_LOG_MAX_OFFSET).value(masterCommitLogMaxOffset)
                    .name(IN_SYNC_SLAVE_NUMS).value(inSyncSlaveNums)
                    .name("haConnectionInfo").beginArray().endArray()
                    .name("haClientRuntimeInfo").beginObject()
                    .name("lastReadTimestamp").value(0)
                    .name("lastWriteTimestamp").value(0)
                    .name("masterFlushOffset").value(0)
                    .name("maxOffset").value(0)
                    .name("transferredByteInSecond").value(0)
                    .endObject()
                    .endObject();
        }

        private static HaRuntime read(JsonObject json) {
            return new HaRuntime(JsonBodies.booleanOr(json, MASTER, false),
                    JsonBodies.longOr(json, MASTER_COMMIT_LOG_MAX_OFFSET, 0), JsonBodies.intOr(json, IN_SYNC_SLAVE_NUMS, 0));
        }
    }

    /** A ConsumeQueueData: where one entry's record lies in the commit log, its size and its tag code. */
    public record ConsumeQueueEntry(long physicOffset, int physicSize, long tagsCode) {
        private static final String PHYSIC_OFFSET = "physicOffset";
        private static final String PHYSIC_SIZE = "physicSize";
        private static final String TAGS_CODE = "tagsCode";

        /** hexmq keeps no extended consume queue: no entry has extendDataJson or bitMap, and none is evaluated. */
        private void write(JsonWriter json) throws IOException {
            json.beginObject().name("eval").value(false).name(PHYSIC_OFFSET).value(physicOffset)
                    .name(PHYSIC_SIZE).value(physicSize).name(TAGS_CODE).value(tagsCode).endObject();
        }

        private static ConsumeQueueEntry read(JsonObject entry) {
            return new ConsumeQueueEntry(JsonBodies.longOr(entry, PHYSIC_OFFSET, 0), JsonBodies.intOr(entry, PHYSIC_SIZE, 0),
                    JsonBodies.longOr(entry, TAGS_CODE, 0));
        }
    }

    /**
     * A QueryConsumeQueueResponseBody: the queue's bounds, the entries asked for, and, when a group was named,
     * its filter data (a sentence when it has no online member) and what it subscribes to.
     */
    public record ConsumeQueueAnswer(Optional<String> filterData, long minQueueIndex, long maxQueueIndex,
                                     List<ConsumeQueueEntry> entries,
                                     Optional<ConsumerJson.Subscription> subscription) {
        private static final String FILTER_DATA = "filterData";
        private static final String MAX_QUEUE_INDEX = "maxQueueIndex";
        private static final String MIN_QUEUE_INDEX = "minQueueIndex";
        private static final String QUEUE_DATA = "queueData";
        private static final String SUBSCRIPTION_DATA = "subscriptionData";

        public ConsumeQueueAnswer {
            Objects.requireNonNull(filterData, "filterData");
            Objects.requireNonNull(subscription, "subscription");
            entries = List.copyOf(entries);
        }

        private void write(JsonWriter json) throws IOException {
            json.beginObject();
            if (filterData.isPresent()) {
                json.name(FILTER_DATA).value(filterData.get());
            }
            json.name(MAX_QUEUE_INDEX).value(maxQueueIndex).name(MIN_QUEUE_INDEX).value(minQueueIndex)
                    .name(QUEUE_DATA).beginArray();
            for (ConsumeQueueEntry entry : entries) {
                entry.write(json);
            }
            json.endArray();
            if (subscription.isPresent()) {
                json.name(SUBSCRIPTION_DATA);
                ConsumerJson.writeSubscription(json, subscription.get());
            }
            json.endObject();
        }

        private static ConsumeQueueAnswer read(JsonObject json) {
            List<ConsumeQueueEntry> entries = new ArrayList<>();
            for (JsonElement element : JsonBodies.array(json, QUEUE_DATA)) {
                entries.add(ConsumeQueueEntry.read(JsonBodies.object(element, "ConsumeQueueData")));
            }
            JsonElement subscription = json.get(SUBSCRIPTION_DATA);
            return new ConsumeQueueAnswer(JsonBodies.string(json, FILTER_DATA), JsonBodies.longOr(json, MIN_QUEUE_INDEX, 0),
                    JsonBodies.longOr(json, MAX_QUEUE_INDEX, 0), entries, subscription == null || subscription.isJsonNull()
                    ? Optional.empty()
                    : Optional.of(ConsumerJson.readSubscription(JsonBodies.object(subscription, SUBSCRIPTION_DATA))));
        }
    }

    /**
     * A CheckRocksdbCqWriteResult: {@code checkStatus} 0 is RocketMQ's CHECK_OK (1 not OK, 2 in progress, 3 error).
     */
    public record CqWriteCheck(String checkResult, int checkStatus) {
        public static final int CHECK_OK = 0;

        public CqWriteCheck {
            Objects.requireNonNull(checkResult, "checkResult");
        }

        private void write(JsonWriter json) throws IOException {
            json.beginObject().name("checkResult").value(checkResult).name("checkStatus").value(checkStatus).endObject();
        }
    }

    private AdminJson() {
    }

    public static byte[] cqWriteCheck(CqWriteCheck check) {
        return JsonBodies.write(check::write);
    }

    public static byte[] haRuntimeInfo(HaRuntime info) {
        return JsonBodies.write(info::write);
    }

    public static HaRuntime readHaRuntimeInfo(byte[] body) {
        return JsonBodies.readObject(body, "HARuntimeInfo", HaRuntime::read);
    }

    public static byte[] consumeQueueAnswer(ConsumeQueueAnswer answer) {
        return JsonBodies.write(answer::write);
    }

    public static ConsumeQueueAnswer readConsumeQueueAnswer(byte[] body) {
        return JsonBodies.readObject(body, "QueryConsumeQueueResponseBody", ConsumeQueueAnswer::read);
    }
}
