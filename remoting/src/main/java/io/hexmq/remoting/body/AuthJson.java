package io.hexmq.remoting.body;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The bodies of the ACL 2.0 admin codes (AUTH_CREATE_USER ... AUTH_LIST_ACL), in the shapes of RocketMQ's
 * {@code UserInfo} and {@code AclInfo} with fastjson's alphabetical keys:
 * <pre>
 * user: {"password":"...","userStatus":"enable","userType":"Normal","username":"alice"}
 * acl:  {"policies":[{"entries":[{"actions":["Pub","Sub"],"decision":"Allow","resource":"Topic:t",
 *        "sourceIps":["10.0.0.0/8"]}],"policyType":"Custom"}],"subject":"User:alice"}
 * </pre>
 * Absent fields are {@code null} (an update changes only what it names); lists of either are JSON arrays.
 */
public final class AuthJson {

    /** What an ACL's subject starts with: ACL 2.0 subjects are users, {@code User:alice}. */
    public static final String USER_SUBJECT = "User:";
    /** The type of the policies an admin writes (RocketMQ's other, {@code Default}, is the broker's own). */
    public static final String CUSTOM_POLICY = "Custom";

    private AuthJson() {
    }

    /** RocketMQ's UserInfo; the server leaves {@code password} out of what it answers. */
    public record UserInfo(String username, String password, String userType, String userStatus) {
    }

    /** RocketMQ's AclInfo: a subject ({@code User:name}) and its policies. */
    public record AclInfo(String subject, List<PolicyInfo> policies) {
        public AclInfo {
            policies = policies == null ? List.of() : List.copyOf(policies);
        }
    }

    /** One policy: its type ({@code Custom} or {@code Default}) and entries. */
    public record PolicyInfo(String policyType, List<EntryInfo> entries) {
        public PolicyInfo {
            entries = entries == null ? List.of() : List.copyOf(entries);
        }
    }

    /** One entry: a resource pattern, its actions, the source addresses it applies to, Allow or Deny. */
    public record EntryInfo(String resource, List<String> actions, List<String> sourceIps, String decision) {
        public EntryInfo {
            actions = actions == null ? List.of() : List.copyOf(actions);
            sourceIps = sourceIps == null ? List.of() : List.copyOf(sourceIps);
        }
    }

    public static UserInfo readUser(byte[] body) {
        return user(JsonBodies.parseObject(body, "UserInfo"));
    }

    public static List<UserInfo> readUsers(byte[] body) {
        return readList(body, "UserInfo list").stream().map(element -> user(JsonBodies.object(element, "UserInfo")))
                .toList();
    }

    public static byte[] writeUser(UserInfo user) {
        return JsonBodies.write(json -> user(json, user));
    }

    public static byte[] writeUsers(List<UserInfo> users) {
        return JsonBodies.write(json -> {
            json.beginArray();
            for (UserInfo user : users) {
                user(json, user);
            }
            json.endArray();
        });
    }

    public static AclInfo readAcl(byte[] body) {
        return acl(JsonBodies.parseObject(body, "AclInfo"));
    }

    public static List<AclInfo> readAcls(byte[] body) {
        return readList(body, "AclInfo list").stream().map(element -> acl(JsonBodies.object(element, "AclInfo")))
                .toList();
    }

    public static byte[] writeAcl(AclInfo acl) {
        return JsonBodies.write(json -> acl(json, acl));
    }

    public static byte[] writeAcls(List<AclInfo> acls) {
        return JsonBodies.write(json -> {
            json.beginArray();
            for (AclInfo acl : acls) {
                acl(json, acl);
            }
            json.endArray();
        });
    }

    private static List<JsonElement> readList(byte[] body, String what) {
        JsonObject wrapper = new JsonObject();
        try {
            wrapper.add("list", JsonParser.parseString(new String(body, StandardCharsets.UTF_8)));
        } catch (JsonParseException e) {
            throw new InvalidBodyException(what + " body is not JSON: " + e.getMessage(), e);
        }
        return JsonBodies.array(wrapper, "list");
    }

    private static UserInfo user(JsonObject json) {
        return new UserInfo(JsonBodies.string(json, "username").orElse(null),
                JsonBodies.string(json, "password").orElse(null), JsonBodies.string(json, "userType").orElse(null),
                JsonBodies.string(json, "userStatus").orElse(null));
    }

    private static void user(JsonWriter json, UserInfo user) throws IOException {
        json.beginObject();
        optional(json, "password", user.password());
        optional(json, "userStatus", user.userStatus());
        optional(json, "userType", user.userType());
        optional(json, "username", user.username());
        json.endObject();
    }

    private static AclInfo acl(JsonObject json) {
        List<PolicyInfo> policies = new ArrayList<>();
        for (JsonElement element : JsonBodies.array(json, "policies")) {
            JsonObject policy = JsonBodies.object(element, "policy");
            List<EntryInfo> entries = new ArrayList<>();
            for (JsonElement entryElement : JsonBodies.array(policy, "entries")) {
                JsonObject entry = JsonBodies.object(entryElement, "policy entry");
                entries.add(new EntryInfo(JsonBodies.string(entry, "resource").orElse(null), strings(entry, "actions"),
                        strings(entry, "sourceIps"), JsonBodies.string(entry, "decision").orElse(null)));
            }
            policies.add(new PolicyInfo(JsonBodies.string(policy, "policyType").orElse(null), entries));
        }
        return new AclInfo(JsonBodies.string(json, "subject").orElse(null), policies);
    }

    private static List<String> strings(JsonObject json, String field) {
        return JsonBodies.array(json, field).stream().map(JsonElement::getAsString).toList();
    }

    private static void acl(JsonWriter json, AclInfo acl) throws IOException {
        json.beginObject();
        json.name("policies").beginArray();
        for (PolicyInfo policy : acl.policies()) {
            json.beginObject();
            json.name("entries").beginArray();
            for (EntryInfo entry : policy.entries()) {
                json.beginObject();
                strings(json, "actions", entry.actions());
                optional(json, "decision", entry.decision());
                optional(json, "resource", entry.resource());
                strings(json, "sourceIps", entry.sourceIps());
                json.endObject();
            }
            json.endArray();
            optional(json, "policyType", policy.policyType());
            json.endObject();
        }
        json.endArray();
        optional(json, "subject", acl.subject());
        json.endObject();
    }

    private static void strings(JsonWriter json, String name, List<String> values) throws IOException {
        json.name(name).beginArray();
        for (String value : values) {
            json.value(value);
        }
        json.endArray();
    }

    private static void optional(JsonWriter json, String name, String value) throws IOException {
        if (value != null) {
            json.name(name).value(value);
        }
    }
}
