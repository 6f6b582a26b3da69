package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.JsonBodies;
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
        return JsonBodies.write(json -> {
            json.beginObject().name("filterServerList").beginArray().endArray()
                    .name("topicConfigSerializeWrapper");
            BrokerBodies.writeTopicConfigWrapper(json, registration.dataVersion(), registration.topicConfigs());
            json.endObject();
        });
    }

    /** The table of a KVTable body; empty when there is no body. */
    static Optional<Map<String, String>> parseKvTable(byte[] body) {
        return CommonJson.readKvTable(body);
    }
}
