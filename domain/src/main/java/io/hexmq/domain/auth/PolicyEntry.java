package io.hexmq.domain.auth;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One rule of a user's policies: on {@code resource}, the {@code actions} are allowed or denied, for
 * requests from {@code sources} (from anywhere when there are none).
 */
public record PolicyEntry(ResourcePattern resource, Set<Action> actions, List<SourceRange> sources,
                          Decision decision) {

    public PolicyEntry {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(decision, "decision");
        actions = Set.copyOf(actions);
        sources = List.copyOf(sources);
        if (actions.isEmpty()) {
            throw new InvalidAuthDataException("a policy entry on " + resource + " names no action");
        }
    }

    /** Whether this entry speaks about doing any of {@code wanted} on {@code target} from {@code source}. */
    public boolean appliesTo(Resource target, Set<Action> wanted, InetAddress source) {
        return resource.matches(target)
                && actions.stream().anyMatch(granted -> wanted.stream().anyMatch(granted::covers))
                && (sources.isEmpty() || sources.stream().anyMatch(range -> range.contains(source)));
    }
}
