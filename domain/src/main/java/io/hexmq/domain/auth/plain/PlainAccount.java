package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.InvalidAuthDataException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One account of ACL 1.0 ({@code plain_acl.yml}'s {@code accounts}): its access key and the secret its requests
 * are signed with; the addresses it may come from unsigned ({@code whiteRemoteAddress}); whether it may run the
 * admin request codes; its permission on each named topic and group, and on every other one. Prints without its
 * secret.
 *
 * @param topicPerms by topic name, in the file's order
 * @param groupPerms by group name, in the file's order
 */
public record PlainAccount(String accessKey, String secretKey, AddressPattern whiteRemoteAddress, boolean admin,
                           PlainPerm defaultTopicPerm, PlainPerm defaultGroupPerm, Map<String, PlainPerm> topicPerms,
                           Map<String, PlainPerm> groupPerms) {

    /** RocketMQ's rule: keys and secrets are longer than six characters. */
    private static final int MIN_LENGTH_EXCLUSIVE = 6;

    public PlainAccount {
        Objects.requireNonNull(whiteRemoteAddress, "whiteRemoteAddress");
        Objects.requireNonNull(defaultTopicPerm, "defaultTopicPerm");
        Objects.requireNonNull(defaultGroupPerm, "defaultGroupPerm");
        if (accessKey == null || accessKey.length() <= MIN_LENGTH_EXCLUSIVE) {
            throw new InvalidAuthDataException("the accessKey=" + accessKey
                    + " cannot be null and its length should be longer than 6");
        }
        if (secretKey == null || secretKey.length() <= MIN_LENGTH_EXCLUSIVE) {
            throw new InvalidAuthDataException("the secretKey of accessKey=" + accessKey
                    + " cannot be null and its length should be longer than 6");
        }
        topicPerms = copy(topicPerms);
        groupPerms = copy(groupPerms);
    }

    private static Map<String, PlainPerm> copy(Map<String, PlainPerm> perms) {
        // Map.copyOf would lose the file's order, which writing the file back keeps.
        return Collections.unmodifiableMap(new LinkedHashMap<>(perms));
    }

    /** The permission this account has on topic {@code name}. */
    public PlainPerm topicPerm(String name) {
        return topicPerms.getOrDefault(name, defaultTopicPerm);
    }

    /** The permission this account has on group {@code name}. */
    public PlainPerm groupPerm(String name) {
        return groupPerms.getOrDefault(name, defaultGroupPerm);
    }

    /** Whether it names no topic and no group: an admin account like that may do anything, as in RocketMQ. */
    boolean namesNoResource() {
        return topicPerms.isEmpty() && groupPerms.isEmpty();
    }

    @Override
    public String toString() {
        return "PlainAccount[" + accessKey + ", admin=" + admin + ", whiteRemoteAddress=" + whiteRemoteAddress
                + ", defaultTopicPerm=" + defaultTopicPerm + ", defaultGroupPerm=" + defaultGroupPerm
                + ", topicPerms=" + topicPerms + ", groupPerms=" + groupPerms + "]";
    }
}
