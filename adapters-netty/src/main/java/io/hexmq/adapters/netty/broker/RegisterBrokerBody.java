package io.hexmq.adapters.netty.broker;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.hexmq.domain.broker.NameServerRegistration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a broker sends with REGISTER_BROKER, as RegisterBrokerBody JSON ({@code compressed=false}):
 * <pre>{@code
 * {"filterServerList":[],
 *  "topicConfigSerializeWrapper":{"dataVersion":{..},"topicConfigTable":{"T":{TopicConfig}}}}
 * }</pre>
 * and what the NameServer answers in the body: the KVTable {@code {"table":{"topic":"broker-a:4"}}} of
 * its ORDER_TOPIC_CONFIG namespace, or nothing.
 */
final class RegisterBrokerBody {

    private RegisterBrokerBody() {
    }

    static byte[] encode(NameServerRegistration registration) {
        return Json.write(json -> {
            json.beginObject().name("filterServerList").beginArray().endArray()
                    .name("topicConfigSerializeWrapper");
            BrokerBodies.writeTopicConfigWrapper(json, registration.dataVersion(), registration.topicConfigs());
            json.endObject();
        });
    }

    /** The table of a KVTable body; empty when there is no body. */
    static Optional<Map<String, String>> parseKvTable(byte[] body) {
        if (body.length == 0) {
            return Optional.empty();
        }
        JsonObject root = Json.parseObject(body, "KVTable");
        JsonElement table = root.get("table");
        if (table == null || table.isJsonNull()) {
            return Optional.empty();
        }
        Map<String, String> entries = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> entry : Json.object(table, "KVTable.table").entrySet()) {
            if (!entry.getValue().isJsonNull()) {
                entries.put(entry.getKey(), entry.getValue().getAsString());
            }
        }
        return Optional.of(entries);
    }
}
