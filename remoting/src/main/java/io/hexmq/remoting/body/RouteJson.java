package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The two bodies that carry broker groups, TopicRouteData (GET_ROUTEINFO_BY_TOPIC, 105) and ClusterInfo
 * (GET_BROKER_CLUSTER_INFO, 106): the NameServer writes them in the {@link JsonFlavour} the client asked
 * for, the SDK reads either. Keys come in fastjson's order (alphabetical), absent optional fields are
 * left out, and the static-topic {@code topicQueueMappingByBroker} is never sent.
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
 * <p>The values are the wire's own (strings and numbers), so that the NameServer's model and the SDK's
 * each map to them on their side. Maps keep the order they are given in. Gson cannot write an unquoted
 * name, so the legacy {@code brokerAddrs} object is assembled here and handed to
 * {@link JsonWriter#jsonValue}; its addresses still go through Gson's string escaping.
 */
public final class RouteJson {

    /** BrokerData: one broker group's members by broker id (0 is the master). */
    public record Broker(String cluster, String brokerName, Map<Long, String> addresses, Optional<String> zoneName,
                         boolean enableActingMaster) {

        public Broker {
            Objects.requireNonNull(cluster, "cluster");
            Objects.requireNonNull(brokerName, "brokerName");
            Objects.requireNonNull(zoneName, "zoneName");
            addresses = Collections.unmodifiableMap(new LinkedHashMap<>(addresses));
        }
    }

    /** QueueData: a topic's queues on one broker group, and their permission bits. */
    public record Queues(String brokerName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {
    }

    /** TopicRouteData. */
    public record Route(Optional<String> orderTopicConf, List<Queues> queues, List<Broker> brokers,
                        Map<String, List<String>> filterServers) {

        public Route {
            Objects.requireNonNull(orderTopicConf, "orderTopicConf");
            queues = List.copyOf(queues);
            brokers = List.copyOf(brokers);
            filterServers = Collections.unmodifiableMap(new LinkedHashMap<>(filterServers));
        }
    }

    /** ClusterInfo: broker groups by name, broker names by cluster. */
    public record Clusters(Map<String, Broker> brokers, Map<String, List<String>> clusters) {

        public Clusters {
            brokers = Collections.unmodifiableMap(new LinkedHashMap<>(brokers));
            clusters = Collections.unmodifiableMap(new LinkedHashMap<>(clusters));
        }
    }

    private RouteJson() {
    }

    public static byte[] write(Route route, JsonFlavour flavour) {
        return JsonBodies.write(json -> {
            json.beginObject().name("brokerDatas").beginArray();
            for (Broker broker : route.brokers()) {
                writeBroker(json, broker, flavour);
            }
            json.endArray().name("filterServerTable").beginObject();
            for (Map.Entry<String, List<String>> entry : route.filterServers().entrySet()) {
                json.name(entry.getKey());
                writeStrings(json, entry.getValue());
            }
            json.endObject();
            if (route.orderTopicConf().isPresent()) {
                json.name("orderTopicConf").value(route.orderTopicConf().get());
            }
            json.name("queueDatas").beginArray();
            for (Queues queue : route.queues()) {
                json.beginObject()
                        .name("brokerName").value(queue.brokerName())
                        .name("perm").value(queue.perm())
                        .name("readQueueNums").value(queue.readQueueNums())
                        .name("topicSysFlag").value(queue.topicSysFlag())
                        .name("writeQueueNums").value(queue.writeQueueNums())
                        .endObject();
            }
            json.endArray().endObject();
        });
    }

    public static byte[] write(Clusters info, JsonFlavour flavour) {
        return JsonBodies.write(json -> {
            json.beginObject().name("brokerAddrTable").beginObject();
            for (Map.Entry<String, Broker> entry : info.brokers().entrySet()) {
                json.name(entry.getKey());
                writeBroker(json, entry.getValue(), flavour);
            }
            json.endObject().name("clusterAddrTable").beginObject();
            for (Map.Entry<String, List<String>> entry : info.clusters().entrySet()) {
                json.name(entry.getKey());
                writeStrings(json, entry.getValue());
            }
            json.endObject().endObject();
        });
    }

    /**
     * Reads a TopicRouteData in either flavour. Absent queue counts read as 0, an absent permission as 6
     * (read and write), an absent cluster as empty; 4.x spelt the system flag {@code topicSynFlag}.
     */
    public static Route readRoute(byte[] body) {
        JsonObject root = JsonBodies.parseObject(body, "TopicRouteData");
        try {
            List<Queues> queues = new ArrayList<>();
            for (JsonElement element : JsonBodies.array(root, "queueDatas")) {
                JsonObject queue = JsonBodies.object(element, "QueueData");
                queues.add(new Queues(JsonBodies.requiredString(queue, "brokerName", "QueueData"),
                        JsonBodies.intOr(queue, "readQueueNums", 0), JsonBodies.intOr(queue, "writeQueueNums", 0),
                        JsonBodies.intOr(queue, "perm", 6),
                        JsonBodies.intOr(queue, "topicSysFlag", JsonBodies.intOr(queue, "topicSynFlag", 0))));
            }
            List<Broker> brokers = new ArrayList<>();
            for (JsonElement element : JsonBodies.array(root, "brokerDatas")) {
                brokers.add(readBroker(element));
            }
            Map<String, List<String>> filterServers = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> entry : JsonBodies.objectOrEmpty(root, "filterServerTable").entrySet()) {
                filterServers.put(entry.getKey(), strings(entry.getValue()));
            }
            return new Route(JsonBodies.string(root, "orderTopicConf"), queues, brokers, filterServers);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed TopicRouteData: " + e.getMessage(), e);
        }
    }

    public static Clusters readClusters(byte[] body) {
        JsonObject root = JsonBodies.parseObject(body, "ClusterInfo");
        try {
            Map<String, Broker> brokers = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> entry : JsonBodies.objectOrEmpty(root, "brokerAddrTable").entrySet()) {
                brokers.put(entry.getKey(), readBroker(entry.getValue()));
            }
            Map<String, List<String>> clusters = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> entry : JsonBodies.objectOrEmpty(root, "clusterAddrTable").entrySet()) {
                clusters.put(entry.getKey(), strings(entry.getValue()));
            }
            return new Clusters(brokers, clusters);
        } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
            throw new InvalidBodyException("malformed ClusterInfo: " + e.getMessage(), e);
        }
    }

    private static void writeBroker(JsonWriter json, Broker broker, JsonFlavour flavour) throws IOException {
        json.beginObject().name("brokerAddrs");
        if (flavour == JsonFlavour.STANDARD) {
            json.beginObject();
            for (Map.Entry<Long, String> member : broker.addresses().entrySet()) {
                json.name(Long.toString(member.getKey())).value(member.getValue());
            }
            json.endObject();
        } else {
            json.jsonValue(legacyAddresses(broker.addresses()));
        }
        json.name("brokerName").value(broker.brokerName())
                .name("cluster").value(broker.cluster())
                .name("enableActingMaster").value(broker.enableActingMaster());
        if (broker.zoneName().isPresent()) {
            json.name("zoneName").value(broker.zoneName().get());
        }
        json.endObject();
    }

    private static String legacyAddresses(Map<Long, String> members) {
        StringBuilder text = new StringBuilder("{");
        for (Map.Entry<Long, String> member : members.entrySet()) {
            if (text.length() > 1) {
                text.append(',');
            }
            text.append(member.getKey()).append(':').append(JsonBodies.quote(member.getValue()));
        }
        return text.append('}').toString();
    }

    private static Broker readBroker(JsonElement element) {
        JsonObject json = JsonBodies.object(element, "BrokerData");
        Map<Long, String> addresses = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> member : JsonBodies.objectOrEmpty(json, "brokerAddrs").entrySet()) {
            addresses.put(Long.parseLong(member.getKey().trim()), member.getValue().getAsString());
        }
        return new Broker(JsonBodies.string(json, "cluster").orElse(""),
                JsonBodies.requiredString(json, "brokerName", "BrokerData"), addresses,
                JsonBodies.string(json, "zoneName"), JsonBodies.booleanOr(json, "enableActingMaster", false));
    }

    private static void writeStrings(JsonWriter json, List<String> values) throws IOException {
        json.beginArray();
        for (String value : values) {
            json.value(value);
        }
        json.endArray();
    }

    private static List<String> strings(JsonElement array) {
        List<String> values = new ArrayList<>();
        array.getAsJsonArray().forEach(value -> values.add(value.getAsString()));
        return values;
    }
}
