package io.hexmq.adapters.file.state;

import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.domain.topic.DataVersion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout of {@code plain_acl.yml}, RocketMQ 4.9's:
 *
 * <pre>
 * globalWhiteRemoteAddresses:        # requests from these pass unsigned
 *   - 10.10.103.*
 * accounts:
 *   - accessKey: RocketMQ            # longer than 6 characters, like the secret
 *     secretKey: 12345678
 *     whiteRemoteAddress: 192.168.0.*  # this account's requests from here pass unsigned
 *     admin: false                   # whether it may create and delete topics and groups
 *     defaultTopicPerm: DENY         # for topics topicPerms does not name (none given: DENY)
 *     defaultGroupPerm: SUB
 *     topicPerms: [topicA=DENY, topicB=PUB|SUB]
 *     groupPerms: [groupA=SUB]
 * dataVersion:                       # written by the broker on each admin change
 *   - {timestamp: 1700000000000, counter: 3}
 * </pre>
 *
 * Scalars are read as text whatever YAML makes of them ({@code 12345678} is a secret, not a number).
 */
final class PlainAclYaml {

    private static final String GLOBAL_WHITE = "globalWhiteRemoteAddresses";
    private static final String ACCOUNTS = "accounts";
    private static final String DATA_VERSION = "dataVersion";
    private static final String ACCESS_KEY = "accessKey";
    private static final String SECRET_KEY = "secretKey";
    private static final String WHITE_REMOTE_ADDRESS = "whiteRemoteAddress";
    private static final String ADMIN = "admin";
    private static final String DEFAULT_TOPIC_PERM = "defaultTopicPerm";
    private static final String DEFAULT_GROUP_PERM = "defaultGroupPerm";
    private static final String TOPIC_PERMS = "topicPerms";
    private static final String GROUP_PERMS = "groupPerms";
    private static final String TIMESTAMP = "timestamp";
    private static final String COUNTER = "counter";

    private PlainAclYaml() {
    }

    /** The table {@code document} (what the YAML parser gave) states; an empty document is an empty table. */
    static PlainAclTable read(Object document, long now, String where) {
        if (document == null) {
            return PlainAclTable.empty(now);
        }
        Map<?, ?> root = map(document, "the file", where);
        List<AddressPattern> globalWhite = new ArrayList<>();
        for (Object address : list(root.get(GLOBAL_WHITE), GLOBAL_WHITE, where)) {
            globalWhite.add(AddressPattern.parse(text(address)));
        }
        Map<String, PlainAccount> accounts = new LinkedHashMap<>();
        for (Object entry : list(root.get(ACCOUNTS), ACCOUNTS, where)) {
            PlainAccount account = account(map(entry, "an account", where), where);
            if (accounts.put(account.accessKey(), account) != null) {
                throw new InvalidAuthDataException(where + ": the accessKey " + account.accessKey()
                        + " is given to more than one account");
            }
        }
        return new PlainAclTable(globalWhite, accounts, version(root.get(DATA_VERSION), now, where));
    }

    private static PlainAccount account(Map<?, ?> entry, String where) {
        return new PlainAccount(text(entry.get(ACCESS_KEY)), text(entry.get(SECRET_KEY)),
                AddressPattern.parse(text(entry.get(WHITE_REMOTE_ADDRESS))),
                Boolean.parseBoolean(text(entry.get(ADMIN))),
                PlainPerm.readLeniently(text(entry.get(DEFAULT_TOPIC_PERM))),
                PlainPerm.readLeniently(text(entry.get(DEFAULT_GROUP_PERM))),
                perms(entry.get(TOPIC_PERMS), TOPIC_PERMS, where), perms(entry.get(GROUP_PERMS), GROUP_PERMS, where));
    }

    /** {@code name=PERM} entries, as the file and the admin request write them. */
    static Map<String, PlainPerm> perms(Object value, String what, String where) {
        Map<String, PlainPerm> perms = new LinkedHashMap<>();
        for (Object item : list(value, what, where)) {
            String entry = text(item);
            int equals = entry == null ? -1 : entry.indexOf('=');
            if (equals <= 0 || equals == entry.length() - 1) {
                throw new InvalidAuthDataException(where + ": " + what + " entry '" + entry
                        + "' is not name=PERM, e.g. topicA=SUB");
            }
            perms.put(entry.substring(0, equals).trim(), PlainPerm.readLeniently(entry.substring(equals + 1)));
        }
        return perms;
    }

    /** RocketMQ writes the version as a one-element list; a bare map reads the same. */
    private static DataVersion version(Object value, long now, String where) {
        Object first = value instanceof List<?> versions ? (versions.isEmpty() ? null : versions.get(0)) : value;
        if (first == null) {
            return DataVersion.initial(now);
        }
        Map<?, ?> version = map(first, DATA_VERSION, where);
        try {
            return new DataVersion(Long.parseLong(text(version.get(TIMESTAMP))),
                    Long.parseLong(text(version.get(COUNTER))), 0);
        } catch (NumberFormatException e) {
            throw new InvalidAuthDataException(where + ": " + DATA_VERSION + " needs a numeric timestamp and counter");
        }
    }

    /** The document that states {@code table}, in the file's key order. */
    static Map<String, Object> write(PlainAclTable table) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put(GLOBAL_WHITE, table.globalWhiteRemoteAddresses().stream().map(AddressPattern::text).toList());
        List<Map<String, Object>> accounts = new ArrayList<>();
        for (PlainAccount account : table.accounts().values()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put(ACCESS_KEY, account.accessKey());
            entry.put(SECRET_KEY, account.secretKey());
            entry.put(WHITE_REMOTE_ADDRESS, account.whiteRemoteAddress().text());
            entry.put(ADMIN, account.admin());
            entry.put(DEFAULT_TOPIC_PERM, account.defaultTopicPerm().text());
            entry.put(DEFAULT_GROUP_PERM, account.defaultGroupPerm().text());
            entry.put(TOPIC_PERMS, permTexts(account.topicPerms()));
            entry.put(GROUP_PERMS, permTexts(account.groupPerms()));
            accounts.add(entry);
        }
        root.put(ACCOUNTS, accounts);
        Map<String, Object> version = new LinkedHashMap<>();
        version.put(TIMESTAMP, table.version().timestamp());
        version.put(COUNTER, table.version().counter());
        root.put(DATA_VERSION, List.of(version));
        return root;
    }

    private static List<String> permTexts(Map<String, PlainPerm> perms) {
        return perms.entrySet().stream().map(perm -> perm.getKey() + "=" + perm.getValue().text()).toList();
    }

    private static Map<?, ?> map(Object value, String what, String where) {
        if (value instanceof Map<?, ?> map) {
            return map;
        }
        throw new InvalidAuthDataException(where + ": " + what + " must be a mapping of keys to values");
    }

    private static List<?> list(Object value, String what, String where) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return list;
        }
        throw new InvalidAuthDataException(where + ": " + what + " must be a list");
    }

    private static String text(Object scalar) {
        return scalar == null ? null : scalar.toString().trim();
    }
}
