package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.ResourceType;
import io.hexmq.domain.auth.SignatureCheck;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.SystemTopics;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything an ACL 1.0 file holds: the global white list, the accounts by access key (in the file's order) and
 * the file's version. Immutable; a change makes a new table with the next version.
 *
 * <p>{@link #check} decides as RocketMQ 4.9's {@code PlainPermissionManager} does: a request from a globally
 * white-listed address passes; otherwise it must name a known account; from that account's white-listed
 * addresses it passes unsigned; otherwise it must be signed with the account's secret, an admin-only request
 * needs an admin account, and each topic and group it touches needs the account's permission on it (the
 * permission named for it, else the account's default).
 */
public record PlainAclTable(List<AddressPattern> globalWhiteRemoteAddresses, Map<String, PlainAccount> accounts,
                            DataVersion version) {

    public PlainAclTable {
        globalWhiteRemoteAddresses = List.copyOf(globalWhiteRemoteAddresses);
        accounts = Collections.unmodifiableMap(new LinkedHashMap<>(accounts));
        Objects.requireNonNull(version, "version");
    }

    public static PlainAclTable empty(long now) {
        return new PlainAclTable(List.of(), Map.of(), DataVersion.initial(now));
    }

    public Optional<PlainAccount> account(String accessKey) {
        return Optional.ofNullable(accounts.get(accessKey));
    }

    public PlainVerdict check(PlainRequest request) {
        for (AddressPattern white : globalWhiteRemoteAddresses) {
            if (white.matches(request.source())) {
                return PlainVerdict.ALLOWED;
            }
        }
        String accessKey = request.accessKey();
        Optional<PlainVerdict.Refused> unknown = unknown(accessKey);
        if (unknown.isPresent()) {
            return unknown.get();
        }
        PlainAccount account = accounts.get(accessKey);
        if (account.whiteRemoteAddress().matches(request.source())) {
            return PlainVerdict.ALLOWED;
        }
        if (!request.signature().signedWith(account.secretKey())) {
            return badSignature(accessKey);
        }
        if (request.adminOnly() && !account.admin()) {
            return new PlainVerdict.Refused("Need admin permission for request code=" + request.requestCode()
                    + ", but accessKey=" + accessKey + " is not");
        }
        if (account.admin() && account.namesNoResource()) {
            return PlainVerdict.ALLOWED;
        }
        for (AccessNeed need : request.needs()) {
            Optional<PlainNeed> plain = PlainNeed.of(need);
            if (plain.isPresent() && !permitted(need, account, plain.get())) {
                return new PlainVerdict.Refused("No default permission for " + describe(need));
            }
        }
        return PlainVerdict.ALLOWED;
    }

    /**
     * Whether {@code accessKey} names an account and {@code secret} proves it, whatever the white lists say: a
     * sign-in (the web console's) that must name who signs in, refused with the words {@link #check} uses.
     */
    public PlainVerdict authenticate(String accessKey, SignatureCheck secret) {
        Optional<PlainVerdict.Refused> unknown = unknown(accessKey);
        if (unknown.isPresent()) {
            return unknown.get();
        }
        return secret.signedWith(accounts.get(accessKey).secretKey()) ? PlainVerdict.ALLOWED : badSignature(accessKey);
    }

    private Optional<PlainVerdict.Refused> unknown(String accessKey) {
        if (accessKey == null) {
            return Optional.of(new PlainVerdict.Refused("No accessKey is configured"));
        }
        return accounts.containsKey(accessKey) ? Optional.empty()
                : Optional.of(new PlainVerdict.Refused("No acl config for " + accessKey));
    }

    private static PlainVerdict.Refused badSignature(String accessKey) {
        return new PlainVerdict.Refused("Check signature failed for accessKey=" + accessKey);
    }

    private static boolean permitted(AccessNeed need, PlainAccount account, PlainNeed plain) {
        String name = need.resource().name();
        return switch (need.resource().type()) {
            // Any signed account may write traces, as in RocketMQ: tracing must not need a grant per topic.
            case TOPIC -> (plain == PlainNeed.PUB && name.equals(SystemTopics.TRACE_TOPIC.value()))
                    || account.topicPerm(name).allows(plain);
            case GROUP -> account.groupPerm(name).allows(plain);
            default -> true;
        };
    }

    /** RocketMQ's spelling of a resource in a refusal: {@code topic:orders}, {@code group:billing}. */
    private static String describe(AccessNeed need) {
        return (need.resource().type() == ResourceType.GROUP ? "group:" : "topic:") + need.resource().name();
    }

    /** This table with {@code account} added, or replacing the one of its access key in its place. */
    public PlainAclTable with(PlainAccount account, long now) {
        Map<String, PlainAccount> next = new LinkedHashMap<>(accounts);
        next.put(account.accessKey(), account);
        return new PlainAclTable(globalWhiteRemoteAddresses, next, version.next(now));
    }

    /** This table without the account {@code accessKey}. */
    public PlainAclTable without(String accessKey, long now) {
        Map<String, PlainAccount> next = new LinkedHashMap<>(accounts);
        next.remove(accessKey);
        return new PlainAclTable(globalWhiteRemoteAddresses, next, version.next(now));
    }

    /** This table with {@code addresses} as its global white list. */
    public PlainAclTable withGlobalWhiteRemoteAddresses(List<AddressPattern> addresses, long now) {
        return new PlainAclTable(addresses, accounts, version.next(now));
    }
}
