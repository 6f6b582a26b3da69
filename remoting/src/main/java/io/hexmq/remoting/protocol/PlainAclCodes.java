package io.hexmq.remoting.protocol;

import java.util.Set;

/**
 * The request and response codes of ACL 1.0's admin ({@code plain_acl.yml}), RocketMQ 4.x's: 4.9.8's mqadmin
 * sends 50-53, 5.x up to 5.3.2 (and 4.x before 4.9.3) also 54. RocketMQ 5.3.3 removed ACL 1.0 and these codes
 * with it, which is why they stand apart from {@link RequestCode} and {@link ResponseCode}, whose every name
 * is 5.3.3's. The failure codes reuse the numbers of POLLING_FULL, POLLING_TIMEOUT and BROKER_NOT_EXIST, as in
 * RocketMQ.
 */
public final class PlainAclCodes {

    public static final int UPDATE_AND_CREATE_ACL_CONFIG = 50;
    public static final int DELETE_ACL_CONFIG = 51;
    public static final int GET_BROKER_CLUSTER_ACL_INFO = 52;
    public static final int UPDATE_GLOBAL_WHITE_ADDRS_CONFIG = 53;
    public static final int GET_BROKER_CLUSTER_ACL_CONFIG = 54;

    public static final int UPDATE_AND_CREATE_ACL_CONFIG_FAILED = 209;
    public static final int DELETE_ACL_CONFIG_FAILED = 210;
    public static final int UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED = 211;

    /**
     * The request codes only an ACL 1.0 account with {@code admin: true} may send: RocketMQ's five (topic and group
     * create/delete, broker config) and, unlike 4.9, the ACL admin codes that change or reveal the accounts (50, 51,
     * 53, 54): in 4.9 any signed account may rewrite the ACL file; and hexmq's own leadership transfer, which moves
     * the group's master.
     */
    private static final Set<Integer> ADMIN_ONLY = Set.of(RequestCode.UPDATE_AND_CREATE_TOPIC,
            RequestCode.UPDATE_BROKER_CONFIG, RequestCode.DELETE_TOPIC_IN_BROKER,
            RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, RequestCode.DELETE_SUBSCRIPTIONGROUP,
            UPDATE_AND_CREATE_ACL_CONFIG, DELETE_ACL_CONFIG, UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
            GET_BROKER_CLUSTER_ACL_CONFIG, HexmqRequestCodes.TRANSFER_GROUP_LEADERSHIP);

    private PlainAclCodes() {
    }

    /** Whether only an ACL 1.0 admin account may send {@code requestCode}, at the broker or through the console. */
    public static boolean adminOnly(int requestCode) {
        return ADMIN_ONLY.contains(requestCode);
    }
}
