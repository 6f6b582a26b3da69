package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.ReplicaId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One replica of a broker group and the address its log listens on, as one entry of RocketMQ's
 * {@code dLegerPeers} names it: {@code n0-host:port} (an IPv6 host in brackets).
 */
public record GroupPeer(ReplicaId id, String host, int port) {

    private static final char ENTRY_SEPARATOR = ';';
    private static final char ID_SEPARATOR = '-';

    public GroupPeer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("peer " + id + " has no host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("peer " + id + " has port " + port + ", not in 1..65535");
        }
    }

    /** {@code host:port}, the host in brackets when it is an IPv6 address. */
    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * Parses {@code n0-host:port;n1-host:port;...}; blanks around entries are ignored.
     *
     * @throws IllegalArgumentException naming the first entry that is not {@code id-host:port}
     */
    public static List<GroupPeer> parseAll(String peers) {
        Objects.requireNonNull(peers, "peers");
        List<GroupPeer> parsed = new ArrayList<>();
        int from = 0;
        while (from <= peers.length()) {
            int end = peers.indexOf(ENTRY_SEPARATOR, from);
            if (end < 0) {
                end = peers.length();
            }
            String entry = peers.substring(from, end).trim();
            if (!entry.isEmpty()) {
                parsed.add(parse(entry));
            }
            from = end + 1;
        }
        return parsed;
    }

    private static GroupPeer parse(String entry) {
        int idEnd = entry.indexOf(ID_SEPARATOR);
        int portStart = entry.lastIndexOf(':') + 1;
        if (idEnd <= 0 || portStart <= idEnd + 1 || portStart == entry.length()) {
            throw notAPeer(entry);
        }
        String host = entry.substring(idEnd + 1, portStart - 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new GroupPeer(new ReplicaId(entry.substring(0, idEnd)), host,
                    Integer.parseInt(entry.substring(portStart)));
        } catch (NumberFormatException e) {
            throw notAPeer(entry);
        }
    }

    private static IllegalArgumentException notAPeer(String entry) {
        return new IllegalArgumentException("peer '" + entry + "' is not id-host:port (like n0-127.0.0.1:40911)");
    }
}
