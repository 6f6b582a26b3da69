package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * ACL 1.0's admin headers. UPDATE_AND_CREATE_ACL_CONFIG (50) carries an account ({@code topicPerms} and
 * {@code groupPerms} as comma-separated {@code name=PERM} lists); DELETE_ACL_CONFIG (51) its access key;
 * UPDATE_GLOBAL_WHITE_ADDRS_CONFIG (53) a comma-separated white list and, from 4.9.3, the file it is for. The
 * answer to GET_BROKER_CLUSTER_ACL_INFO (52) carries the file's {@code dataVersion} as JSON, each file's version
 * by path ({@code allAclFileVersion}, JSON) and the broker's names.
 */
public final class PlainAclHeader {

    public static final HeaderField<String> ACCESS_KEY = requiredString("accessKey");
    public static final HeaderField<String> SECRET_KEY = optionalString("secretKey", null);
    public static final HeaderField<String> WHITE_REMOTE_ADDRESS = optionalString("whiteRemoteAddress", null);
    public static final HeaderField<Boolean> ADMIN = optionalBoolean("admin", false);
    public static final HeaderField<String> DEFAULT_TOPIC_PERM = optionalString("defaultTopicPerm", null);
    public static final HeaderField<String> DEFAULT_GROUP_PERM = optionalString("defaultGroupPerm", null);
    public static final HeaderField<String> TOPIC_PERMS = optionalString("topicPerms", null);
    public static final HeaderField<String> GROUP_PERMS = optionalString("groupPerms", null);

    public static final HeaderField<String> GLOBAL_WHITE_ADDRS = optionalString("globalWhiteAddrs", "");
    public static final HeaderField<String> ACL_FILE_FULL_PATH = optionalString("aclFileFullPath", null);

    public static final HeaderField<String> VERSION = requiredString("version");
    public static final HeaderField<String> ALL_ACL_FILE_VERSION = optionalString("allAclFileVersion", "{}");
    public static final HeaderField<String> BROKER_NAME = requiredString("brokerName");
    public static final HeaderField<String> BROKER_ADDR = requiredString("brokerAddr");
    public static final HeaderField<String> CLUSTER_NAME = requiredString("clusterName");

    private PlainAclHeader() {
    }
}
