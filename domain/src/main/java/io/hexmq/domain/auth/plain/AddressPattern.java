package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.InvalidAuthDataException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which client addresses an ACL 1.0 white list names, in {@code plain_acl.yml}'s notation:
 * <ul>
 *   <li>blank: none; {@code *}, {@code *.*.*.*} or {@code *:*:*:*:*:*:*:*}: any;</li>
 *   <li>{@code 192.168.1.7} or {@code ::1}: that address;</li>
 *   <li>{@code 192.168.*.*}, {@code 192.168.1.1-100}: each IPv4 part a number, {@code *} (0-255) or a range;</li>
 *   <li>{@code 192.168.1.{1,2,3}}: each address the braces complete; {@code 10.0.0.1,10.0.0.2}: each listed.</li>
 * </ul>
 * CIDR ranges are not part of the notation (RocketMQ 4.9 has none) and are refused like any other text it does
 * not read; ACL 2.0's source ranges take them. Only literals: a host name would cost a lookup per request.
 */
public final class AddressPattern {

    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:]*:[0-9a-fA-F:.]*");
    private static final int IPV4_PARTS = 4;
    private static final int PART_MAX = 255;

    private final String text;
    private final boolean any;
    /** IPv4 alternatives: for each, the lowest and highest value of each of the four parts. */
    private final List<int[]> ipv4Ranges;
    private final List<byte[]> ipv6Addresses;

    private AddressPattern(String text, boolean any, List<int[]> ipv4Ranges, List<byte[]> ipv6Addresses) {
        this.text = text;
        this.any = any;
        this.ipv4Ranges = List.copyOf(ipv4Ranges);
        this.ipv6Addresses = List.copyOf(ipv6Addresses);
    }

    public static AddressPattern none() {
        return new AddressPattern("", false, List.of(), List.of());
    }

    public static AddressPattern parse(String text) {
        if (text == null || text.isBlank()) {
            return none();
        }
        String trimmed = text.trim();
        if (trimmed.equals("*") || trimmed.equals("*.*.*.*") || trimmed.equals("*:*:*:*:*:*:*:*")) {
            return new AddressPattern(trimmed, true, List.of(), List.of());
        }
        List<int[]> ipv4 = new ArrayList<>();
        List<byte[]> ipv6 = new ArrayList<>();
        for (String single : alternatives(trimmed)) {
            addSingle(trimmed, single.trim(), ipv4, ipv6);
        }
        return new AddressPattern(trimmed, false, ipv4, ipv6);
    }

    /** {@code a.b.c.{1,2}} and {@code x,y} stand for several addresses; anything else for one pattern. */
    private static List<String> alternatives(String text) {
        if (text.endsWith("}")) {
            int open = text.indexOf('{');
            if (open < 0) {
                throw invalid(text);
            }
            String prefix = text.substring(0, open);
            List<String> completed = new ArrayList<>();
            for (String ending : text.substring(open + 1, text.length() - 1).split(",")) {
                completed.add(prefix + ending.trim());
            }
            return completed;
        }
        return Arrays.asList(text.split(","));
    }

    private static void addSingle(String whole, String single, List<int[]> ipv4, List<byte[]> ipv6) {
        if (single.indexOf(':') >= 0) {
            if (!IPV6.matcher(single).matches()) {
                throw invalid(whole);
            }
            try {
                ipv6.add(InetAddress.getByName(single).getAddress());
            } catch (UnknownHostException e) {
                throw invalid(whole);
            }
            return;
        }
        String[] parts = single.split("\\.", -1);
        if (parts.length != IPV4_PARTS) {
            throw invalid(whole);
        }
        int[] range = new int[IPV4_PARTS * 2];
        for (int i = 0; i < IPV4_PARTS; i++) {
            readPart(whole, parts[i], range, i);
        }
        ipv4.add(range);
    }

    private static void readPart(String whole, String part, int[] range, int index) {
        int low;
        int high;
        try {
            if (part.equals("*")) {
                low = 0;
                high = PART_MAX;
            } else if (part.indexOf('-') > 0) {
                int dash = part.indexOf('-');
                low = Integer.parseInt(part.substring(0, dash));
                high = Integer.parseInt(part.substring(dash + 1));
            } else {
                low = Integer.parseInt(part);
                high = low;
            }
        } catch (NumberFormatException e) {
            throw invalid(whole);
        }
        if (low < 0 || high > PART_MAX || low > high) {
            throw invalid(whole);
        }
        range[index * 2] = low;
        range[index * 2 + 1] = high;
    }

    private static InvalidAuthDataException invalid(String text) {
        return new InvalidAuthDataException("address '" + text + "' is not a white list address: expected *,"
                + " an IP address, 192.168.*.*, 192.168.1.1-100, 192.168.1.{1,2} or a comma list");
    }

    public boolean matches(InetAddress source) {
        if (any) {
            return true;
        }
        byte[] address = source.getAddress();
        if (address.length == IPV4_PARTS) {
            for (int[] range : ipv4Ranges) {
                if (inRange(address, range)) {
                    return true;
                }
            }
            return false;
        }
        for (byte[] candidate : ipv6Addresses) {
            if (Arrays.equals(candidate, address)) {
                return true;
            }
        }
        return false;
    }

    private static boolean inRange(byte[] address, int[] range) {
        for (int i = 0; i < IPV4_PARTS; i++) {
            int part = address[i] & 0xFF;
            if (part < range[i * 2] || part > range[i * 2 + 1]) {
                return false;
            }
        }
        return true;
    }

    /** The pattern as it was written, for writing the file back; empty for none. */
    public String text() {
        return text;
    }

    public boolean isNone() {
        return !any && ipv4Ranges.isEmpty() && ipv6Addresses.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AddressPattern pattern && pattern.text.equals(text);
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
