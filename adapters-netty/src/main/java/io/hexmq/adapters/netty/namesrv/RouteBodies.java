package io.hexmq.adapters.netty.namesrv;

import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.QueueData;
import io.hexmq.domain.route.TopicRoute;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dedicated writer of the two bodies that carry {@code brokerAddrs} maps, TopicRouteData (105) and
 * ClusterInfo (106), in either {@link JsonFlavour}. Keys come in fastjson's order (alphabetical), null
 * fields are left out, and the static-topic {@code topicQueueMappingByBroker} is never sent.
 *
 * <pre>
 * TopicRouteData {"brokerDatas":[BrokerData...],"filterServerTable":{"addr":["addr"...]},
 *                 "orderTopicConf":"brokerA:4;brokerB:4",   (only when present)
 *                 "queueDatas":[{"brokerName":..,"perm":6,"readQueueNums":4,"topicSysFlag":0,"writeQueueNums":4}]}
 * ClusterInfo    {"brokerAddrTable":{"broker-a":BrokerData},"clusterAddrTable":{"DefaultCluster":["broker-a"]}}
 * BrokerData     {"brokerAddrs":{"0":"host:port"},   STANDARD
 *                 "brokerAddrs":{0:"host:port"},     LEGACY: unquoted ids, as fastjson writes Long keys
 *                 "brokerName":..,"cluster":..,"enableActingMaster":false,"zoneName":..}  (zoneName only when present)
 * </pre>
 *
 * <p>Gson cannot write an unquoted name, so the legacy {@code brokerAddrs} object is assembled here and
 * handed to {@link JsonWriter#jsonValue}; its addresses still go through Gson's string escaping.
 */
final class RouteBodies {

    private RouteBodies() {
    }

    static byte[] topicRoute(TopicRoute route, JsonFlavour flavour) {
        return NameServerBodies.write(json -> {
            json.beginObject().name("brokerDatas").beginArray();
            for (BrokerData broker : route.brokerDatas()) {
                writeBrokerData(json, broker, flavour);
            }
            json.endArray().name("filterServerTable").beginObject();
            for (Map.Entry<BrokerAddress, List<BrokerAddress>> entry : route.filterServerTable().entrySet()) {
                json.name(entry.getKey().value()).beginArray();
                for (BrokerAddress filterServer : entry.getValue()) {
                    json.value(filterServer.value());
                }
                json.endArray();
            }
            json.endObject();
            if (route.orderTopicConf().isPresent()) {
                json.name("orderTopicConf").value(route.orderTopicConf().get());
            }
            json.name("queueDatas").beginArray();
            for (QueueData queue : route.queueDatas()) {
                json.beginObject()
                        .name("brokerName").value(queue.brokerName().value())
                        .name("perm").value(queue.permission().bits())
                        .name("readQueueNums").value(queue.readQueueNums())
                        .name("topicSysFlag").value(queue.topicSysFlag())
                        .name("writeQueueNums").value(queue.writeQueueNums())
                        .endObject();
            }
            json.endArray().endObject();
        });
    }

    static byte[] clusterInfo(ClusterInfo info, JsonFlavour flavour) {
        return NameServerBodies.write(json -> {
            json.beginObject().name("brokerAddrTable").beginObject();
            for (Map.Entry<BrokerName, BrokerData> entry : info.brokerAddrTable().entrySet()) {
                json.name(entry.getKey().value());
                writeBrokerData(json, entry.getValue(), flavour);
            }
            json.endObject().name("clusterAddrTable").beginObject();
            for (Map.Entry<ClusterName, Set<BrokerName>> entry : info.clusterAddrTable().entrySet()) {
                json.name(entry.getKey().value()).beginArray();
                for (BrokerName broker : entry.getValue()) {
                    json.value(broker.value());
                }
                json.endArray();
            }
            json.endObject().endObject();
        });
    }

    private static void writeBrokerData(JsonWriter json, BrokerData broker, JsonFlavour flavour) throws IOException {
        json.beginObject().name("brokerAddrs");
        if (flavour == JsonFlavour.STANDARD) {
            json.beginObject();
            for (Map.Entry<BrokerId, BrokerAddress> member : broker.brokerAddrs().entrySet()) {
                json.name(Long.toString(member.getKey().value())).value(member.getValue().value());
            }
            json.endObject();
        } else {
            json.jsonValue(legacyBrokerAddrs(broker.brokerAddrs()));
        }
        json.name("brokerName").value(broker.brokerName().value())
                .name("cluster").value(broker.cluster().value())
                .name("enableActingMaster").value(broker.enableActingMaster());
        if (broker.zoneName().isPresent()) {
            json.name("zoneName").value(broker.zoneName().get());
        }
        json.endObject();
    }

    private static String legacyBrokerAddrs(Map<BrokerId, BrokerAddress> members) {
        StringBuilder text = new StringBuilder("{");
        for (Map.Entry<BrokerId, BrokerAddress> member : members.entrySet()) {
            if (text.length() > 1) {
                text.append(',');
            }
            text.append(member.getKey().value()).append(':').append(quoted(member.getValue().value()));
        }
        return text.append('}').toString();
    }

    private static String quoted(String value) {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            json.value(value);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory cannot fail", e);
        }
        return text.toString();
    }
}
