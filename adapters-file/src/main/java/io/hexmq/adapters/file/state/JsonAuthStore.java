package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthStorageException;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.auth.port.AuthStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * ACL 2.0's users and policies in one JSON file, replaced atomically on every save, in the shapes of
 * RocketMQ's {@code UserInfo} and {@code AclInfo}:
 * {@code {"users":[{"username":"u","password":"p","userType":"Normal","userStatus":"enable"}],
 * "acls":[{"subject":"User:u","policies":[{"policyType":"Custom","entries":[{"resource":"Topic:t",
 * "actions":["Pub"],"sourceIps":["10.0.0.0/8"],"decision":"Allow"}]}]}]}}. The file holds passwords: it is
 * as secret as the broker's data directory.
 */
public final class JsonAuthStore implements AuthStore {

    private static final String USER_SUBJECT = "User:";

    private final JsonStateFile<AuthFile> file;

    public JsonAuthStore(Path path) {
        this.file = new JsonStateFile<>(path, AuthFile.class, "users and ACLs", AuthStorageException::new);
    }

    @Override
    public Optional<AuthTable> load() {
        return file.read(Optional.empty(), parsed -> {
            if (parsed == null) {
                throw new JsonParseException("the file is empty");
            }
            Map<Username, User> users = new TreeMap<>();
            for (UserJson json : orEmpty(parsed.users)) {
                User user = new User(new Username(json.username), json.password, UserType.parse(json.userType),
                        UserStatus.parse(json.userStatus));
                users.put(user.username(), user);
            }
            Map<Username, Acl> acls = new TreeMap<>();
            for (AclJson json : orEmpty(parsed.acls)) {
                Acl acl = json.toDomain();
                acls.put(acl.subject(), acl);
            }
            return Optional.of(new AuthTable(users, acls));
        });
    }

    @Override
    public synchronized void save(AuthTable table) {
        AuthFile content = new AuthFile();
        content.users = new ArrayList<>();
        new TreeMap<>(table.users()).values().forEach(user -> content.users.add(UserJson.of(user)));
        content.acls = new ArrayList<>();
        new TreeMap<>(table.acls()).values().forEach(acl -> content.acls.add(AclJson.of(acl)));
        file.write(content);
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** The file's JSON shape. */
    private static final class AuthFile {
        List<UserJson> users;
        List<AclJson> acls;
    }

    private static final class UserJson {
        String username;
        String password;
        String userType = UserType.NORMAL.text();
        String userStatus = UserStatus.ENABLE.text();

        static UserJson of(User user) {
            UserJson json = new UserJson();
            json.username = user.username().value();
            json.password = user.password();
            json.userType = user.type().text();
            json.userStatus = user.status().text();
            return json;
        }
    }

    private static final class AclJson {
        String subject;
        List<PolicyJson> policies;

        static AclJson of(Acl acl) {
            AclJson json = new AclJson();
            json.subject = USER_SUBJECT + acl.subject().value();
            PolicyJson policy = new PolicyJson();
            policy.entries = new ArrayList<>();
            for (PolicyEntry entry : acl.entries()) {
                EntryJson entryJson = new EntryJson();
                entryJson.resource = entry.resource().text();
                entryJson.actions = entry.actions().stream().map(Action::text).sorted().toList();
                entryJson.sourceIps = entry.sources().stream().map(SourceRange::text).toList();
                entryJson.decision = entry.decision().text();
                policy.entries.add(entryJson);
            }
            json.policies = List.of(policy);
            return json;
        }

        Acl toDomain() {
            if (subject == null || !subject.startsWith(USER_SUBJECT)) {
                throw new JsonParseException("ACL subject must be User:<name>, got " + subject);
            }
            List<PolicyEntry> entries = new ArrayList<>();
            for (PolicyJson policy : orEmpty(policies)) {
                for (EntryJson entry : orEmpty(policy.entries)) {
                    entries.add(new PolicyEntry(ResourcePattern.parse(entry.resource),
                            orEmpty(entry.actions).stream().map(Action::parse).collect(java.util.stream.Collectors.toSet()),
                            orEmpty(entry.sourceIps).stream().map(SourceRange::parse).toList(),
                            Decision.parse(entry.decision)));
                }
            }
            return new Acl(new Username(subject.substring(USER_SUBJECT.length())), entries);
        }
    }

    private static final class PolicyJson {
        String policyType = "Custom";
        List<EntryJson> entries;
    }

    private static final class EntryJson {
        String resource;
        List<String> actions;
        List<String> sourceIps;
        String decision;
    }
}
