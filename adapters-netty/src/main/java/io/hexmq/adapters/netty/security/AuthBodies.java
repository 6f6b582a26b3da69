package io.hexmq.adapters.netty.security;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.Username;
import io.hexmq.remoting.body.AuthJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Between the admin codes' {@link AuthJson} bodies and the model. ACL subjects are {@code User:name};
 * answers never carry a password. An entry without a decision allows, as RocketMQ's tools default.
 */
final class AuthBodies {

    private AuthBodies() {
    }

    static AuthJson.UserInfo withoutPassword(User user) {
        return new AuthJson.UserInfo(user.username().value(), null, user.type().text(), user.status().text());
    }

    static Username subject(String subject) {
        if (subject == null || !subject.startsWith(AuthJson.USER_SUBJECT)) {
            throw new InvalidAuthDataException("an ACL subject must be User:<name>, got " + subject);
        }
        return new Username(subject.substring(AuthJson.USER_SUBJECT.length()));
    }

    static Acl acl(AuthJson.AclInfo info) {
        List<PolicyEntry> entries = new ArrayList<>();
        for (AuthJson.PolicyInfo policy : info.policies()) {
            for (AuthJson.EntryInfo entry : policy.entries()) {
                entries.add(new PolicyEntry(ResourcePattern.parse(entry.resource()),
                        entry.actions().stream().map(Action::parse).collect(Collectors.toSet()),
                        entry.sourceIps().stream().map(SourceRange::parse).toList(),
                        entry.decision() == null ? Decision.ALLOW : Decision.parse(entry.decision())));
            }
        }
        return new Acl(subject(info.subject()), entries);
    }

    static AuthJson.AclInfo info(Acl acl) {
        List<AuthJson.EntryInfo> entries = acl.entries().stream().map(entry -> new AuthJson.EntryInfo(
                entry.resource().text(), entry.actions().stream().map(Action::text).sorted().toList(),
                entry.sources().stream().map(SourceRange::text).toList(), entry.decision().text())).toList();
        return new AuthJson.AclInfo(AuthJson.USER_SUBJECT + acl.subject().value(),
                List.of(new AuthJson.PolicyInfo(AuthJson.CUSTOM_POLICY, entries)));
    }
}
