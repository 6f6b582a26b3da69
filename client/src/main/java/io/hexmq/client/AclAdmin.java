package io.hexmq.client;

import java.util.List;
import java.util.Objects;

/**
 * ACL 2.0's users and policies on a cluster's brokers, as {@code mqadmin createUser/createAcl/listAcl ...}
 * manage them (AUTH_CREATE_USER ... AUTH_LIST_ACL). Get it from {@link HexmqClient#aclAdmin()}; the client
 * must sign as a super user ({@link HexmqClient.Builder#credentials}). Changes go to every master of the
 * cluster; lists come from its first master. Passwords are never answered.
 */
public interface AclAdmin {

    /** A user, without its password: {@code userType} Super or Normal, {@code userStatus} enable or disable. */
    record User(String username, String userType, String userStatus) {
    }

    /**
     * One policy entry of a user.
     *
     * @param resource  {@code Topic:orders}, {@code Topic:order-*}, {@code Group:g}, {@code Cluster}, {@code *}
     * @param actions   Pub, Sub, Create, Update, Delete, Get, List, All
     * @param sourceIps addresses or CIDR ranges it applies to; empty for any
     * @param decision  Allow or Deny (a Deny wins)
     */
    record Entry(String username, String resource, List<String> actions, List<String> sourceIps, String decision) {
        public Entry {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(resource, "resource");
            actions = List.copyOf(actions);
            sourceIps = List.copyOf(sourceIps);
            Objects.requireNonNull(decision, "decision");
        }
    }

    void createUser(String cluster, String username, String password, boolean superUser);

    /** Changes what is not {@code null}: the password, the type (Super, Normal), the status (enable, disable). */
    void updateUser(String cluster, String username, String password, String userType, String userStatus);

    void deleteUser(String cluster, String username);

    List<User> listUsers(String cluster);

    /** Adds the entries, one per resource, replacing the user's entries on the same resources. */
    void putAcl(String cluster, String username, List<String> resources, List<String> actions, List<String> sourceIps,
                String decision);

    /** Deletes the user's entries on {@code resource}, or all of them when it is {@code null}. */
    void deleteAcl(String cluster, String username, String resource);

    List<Entry> listAcls(String cluster);
}
