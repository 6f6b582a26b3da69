package io.hexmq.domain.auth;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything ACL 2.0 keeps: the users and, by user, their access policies. Immutable; a change makes a
 * new table, which is what the {@link io.hexmq.domain.auth.port.AuthStore} saves whole.
 */
public record AuthTable(Map<Username, User> users, Map<Username, Acl> acls) {

    public AuthTable {
        users = Map.copyOf(users);
        acls = Map.copyOf(acls);
    }

    public static AuthTable empty() {
        return new AuthTable(Map.of(), Map.of());
    }

    public Optional<User> user(Username name) {
        return Optional.ofNullable(users.get(name));
    }

    public Optional<Acl> acl(Username name) {
        return Optional.ofNullable(acls.get(name));
    }

    /** This table with {@code user} added or replacing the one of its name. */
    public AuthTable with(User user) {
        Map<Username, User> next = new TreeMap<>(users);
        next.put(user.username(), user);
        return new AuthTable(next, acls);
    }

    /** This table without the user {@code name} and its policies. */
    public AuthTable withoutUser(Username name) {
        Map<Username, User> nextUsers = new TreeMap<>(users);
        nextUsers.remove(name);
        Map<Username, Acl> nextAcls = new TreeMap<>(acls);
        nextAcls.remove(name);
        return new AuthTable(nextUsers, nextAcls);
    }

    /** This table with {@code acl} replacing the policies of its user. */
    public AuthTable with(Acl acl) {
        Map<Username, Acl> next = new TreeMap<>(acls);
        next.put(acl.subject(), acl);
        return new AuthTable(users, next);
    }

    /** This table without the policies of {@code name}. */
    public AuthTable withoutAcl(Username name) {
        Map<Username, Acl> next = new TreeMap<>(acls);
        next.remove(name);
        return new AuthTable(users, next);
    }

    /**
     * Who {@code claimed} is, if {@code signature} proves the request was signed with that user's password.
     *
     * @param claimed the access key the request names, {@code null} or blank when it names none
     */
    public Authentication authenticate(String claimed, SignatureCheck signature) {
        Objects.requireNonNull(signature, "signature");
        if (claimed == null || claimed.isBlank()) {
            return new Authentication.Refused(Authentication.Refusal.NO_CREDENTIALS, null);
        }
        User user = users.get(new Username(claimed));
        if (user == null) {
            return new Authentication.Refused(Authentication.Refusal.UNKNOWN_USER, claimed);
        }
        if (!user.isEnabled()) {
            return new Authentication.Refused(Authentication.Refusal.DISABLED_USER, claimed);
        }
        if (!signature.signedWith(user.password())) {
            return new Authentication.Refused(Authentication.Refusal.BAD_SIGNATURE, claimed);
        }
        return new Authentication.Accepted(user);
    }

    /**
     * The first of {@code needs} that {@code user} may not have from {@code source}, or empty when it may have
     * them all: a super user may have everything, a normal user what its policies allow.
     */
    public Optional<AccessNeed> firstRefused(User user, List<AccessNeed> needs, InetAddress source) {
        if (user.isSuper()) {
            return Optional.empty();
        }
        Acl acl = acls.get(user.username());
        for (AccessNeed need : needs) {
            if (acl == null || !acl.allows(need, source)) {
                return Optional.of(need);
            }
        }
        return Optional.empty();
    }
}
