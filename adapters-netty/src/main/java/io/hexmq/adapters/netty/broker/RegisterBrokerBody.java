package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.JsonBodies;
import io.hexmq.domain.topic.TopicConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a broker sends with REGISTER_BROKER, as RegisterBrokerBody JSON ({@code compressed=false}; see
 * {@link RegisterBrokerRequests} for when it is compressed or split):
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

    /** The body of one part of a split registration: {@code topics}, at the registration's DataVersion. */
    static byte[] encode(NameServerRegistration registration, List<TopicConfig> topics) {
        return JsonBodies.write(json -> {
            json.beginObject().name("filterServerList").beginArray().endArray()
                    .name("topicConfigSerializeWrapper");
            BrokerBodies.writeTopicConfigWrapper(json, registration.dataVersion(), topics);
            json.endObject();
        });
    }

    /** The table of a KVTable body; empty when there is no body. */
    static Optional<Map<String, String>> parseKvTable(byte[] body) {
        return CommonJson.readKvTable(body);
    }
}
