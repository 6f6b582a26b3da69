package io.hexmq.remoting.body;

import com.google.gson.stream.JsonWriter;
import io.hexmq.domain.topic.DataVersion;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What ACL 1.0's admin codes answer, in RocketMQ's shapes with fastjson's alphabetical keys: the body of
 * GET_BROKER_CLUSTER_ACL_CONFIG (54), its {@code AclConfig}
 * <pre>
 * {"globalWhiteAddrs":["10.0.0.*"],"plainAccessConfigs":[{"accessKey":"RocketMQ","admin":false,
 *  "defaultGroupPerm":"SUB","defaultTopicPerm":"DENY","groupPerms":["g=SUB"],"secretKey":"...",
 *  "topicPerms":["t=PUB"],"whiteRemoteAddress":""}]}
 * </pre>
 * and the {@code allAclFileVersion} header of GET_BROKER_CLUSTER_ACL_INFO (52), each file's DataVersion by path.
 */
public final class PlainAclJson {

    private PlainAclJson() {
    }

    /** One account as RocketMQ's PlainAccessConfig states it. */
    public record PlainAccessConfig(String accessKey, String secretKey, String whiteRemoteAddress, boolean admin,
                                    String defaultTopicPerm, String defaultGroupPerm, List<String> topicPerms,
                                    List<String> groupPerms) {
        public PlainAccessConfig {
            topicPerms = List.copyOf(topicPerms);
            groupPerms = List.copyOf(groupPerms);
        }
    }

    public static byte[] writeAclConfig(List<String> globalWhiteAddrs, List<PlainAccessConfig> accounts) {
        return JsonBodies.write(json -> {
            json.beginObject().name("globalWhiteAddrs");
            strings(json, globalWhiteAddrs);
            json.name("plainAccessConfigs").beginArray();
            for (PlainAccessConfig account : accounts) {
                json.beginObject()
                        .name("accessKey").value(account.accessKey())
                        .name("admin").value(account.admin())
                        .name("defaultGroupPerm").value(account.defaultGroupPerm())
                        .name("defaultTopicPerm").value(account.defaultTopicPerm())
                        .name("groupPerms");
                strings(json, account.groupPerms());
                json.name("secretKey").value(account.secretKey()).name("topicPerms");
                strings(json, account.topicPerms());
                json.name("whiteRemoteAddress").value(account.whiteRemoteAddress()).endObject();
            }
            json.endArray().endObject();
        });
    }

    /** The text of {@code allAclFileVersion}: {@code {"/path/plain_acl.yml":{"counter":1,...}}}. */
    public static String allAclFileVersion(Map<String, DataVersion> versions) {
        return JsonBodies.text(json -> {
            json.beginObject();
            for (Map.Entry<String, DataVersion> version : versions.entrySet()) {
                json.name(version.getKey());
                CommonJson.writeDataVersion(json, version.getValue());
            }
            json.endObject();
        });
    }

    private static void strings(JsonWriter json, List<String> values) throws IOException {
        json.beginArray();
        for (String value : values) {
            json.value(value);
        }
        json.endArray();
    }
}
