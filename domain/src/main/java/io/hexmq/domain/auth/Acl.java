package io.hexmq.domain.auth;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/** The policies of one user: its entries, of which a Deny wins over any Allow, and no entry means no. */
public record Acl(Username subject, List<PolicyEntry> entries) {

    public Acl {
        Objects.requireNonNull(subject, "subject");
        entries = List.copyOf(entries);
    }

    /** Whether the entries allow {@code need} from {@code source}. */
    public boolean allows(AccessNeed need, InetAddress source) {
        boolean allowed = false;
        for (PolicyEntry entry : entries) {
            if (entry.appliesTo(need.resource(), need.anyOf(), source)) {
                if (entry.decision() == Decision.DENY) {
                    return false;
                }
                allowed = true;
            }
        }
        return allowed;
    }
}
