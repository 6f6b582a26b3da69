package io.hexmq.domain.broker;

import io.hexmq.domain.route.ClusterInfo;
import java.util.List;
import java.util.Objects;

/**
 * What the broker's NameServers know of the clusters, put together: every broker group any of them lists, with
 * every member any of them lists (NameServers share nothing, so one that restarted a moment ago may know fewer), and
 * which of them did not answer.
 *
 * @param clusters   the groups and clusters the answering NameServers list; empty when none answered
 * @param unanswered the NameServers that gave no usable answer, in the order they are configured
 */
public record KnownClusters(ClusterInfo clusters, List<Unanswered> unanswered) {

    /**
     * @param server the NameServer or broker asked ({@code host:port})
     * @param reason why it gave no answer, in words for an operator
     */
    public record Unanswered(String server, String reason) {

        public Unanswered {
            Objects.requireNonNull(server, "server");
            Objects.requireNonNull(reason, "reason");
        }
    }

    public KnownClusters {
        Objects.requireNonNull(clusters, "clusters");
        unanswered = List.copyOf(unanswered);
    }
}
