package io.hexmq.domain.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Where requests may come from: one address ({@code 10.0.0.7}, {@code ::1}) or a CIDR range
 * ({@code 10.0.0.0/24}). Only literal addresses: a host name would cost a lookup per request.
 */
public record SourceRange(String text, byte[] network, int prefixBits) {

    public static SourceRange parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidAuthDataException("a source address must not be blank");
        }
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        // Only literals reach getByName, which would otherwise look a name up.
        boolean literal = address.matches("\\d{1,3}(\\.\\d{1,3}){3}")
                || (address.contains(":") && address.matches("[0-9a-fA-F:.]+"));
        if (!literal) {
            throw new InvalidAuthDataException("source address '" + text + "' is not an IP address or CIDR range");
        }
        byte[] network;
        try {
            network = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new InvalidAuthDataException("source address '" + text + "' is not an IP address: " + e.getMessage());
        }
        int bits = network.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > network.length * 8) {
                throw new InvalidAuthDataException("source range '" + text + "' has a bad prefix length");
            }
        }
        return new SourceRange(trimmed, network, bits);
    }

    public boolean contains(InetAddress source) {
        byte[] candidate = source.getAddress();
        if (candidate.length != network.length) {
            return false;
        }
        int full = prefixBits / 8;
        for (int i = 0; i < full; i++) {
            if (candidate[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xFF << (8 - rest);
        return (candidate[full] & mask) == (network[full] & mask);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SourceRange range && range.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
