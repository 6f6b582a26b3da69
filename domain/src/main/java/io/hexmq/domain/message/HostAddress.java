package io.hexmq.domain.message;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * An IP address and port as the stored message encodes it: 4 (IPv4) or 16 (IPv6) address bytes
 * followed by the port as a 32-bit int. Immutable; the address bytes are copied in and never
 * handed out, so one instance (for example the broker's store host) can be shared by every writer.
 */
public final class HostAddress {

    /** Encoded length of an IPv4 host: address 4 + port 4. */
    public static final int IPV4_LENGTH = 8;
    /** Encoded length of an IPv6 host: address 16 + port 4. */
    public static final int IPV6_LENGTH = 20;

    private final byte[] ip;
    private final int port;

    private HostAddress(byte[] ip, int port) {
        this.ip = ip;
        this.port = port;
    }

    /** A host from raw address bytes (4 or 16) and a port in 0..65535. */
    public static HostAddress of(byte[] ip, int port) {
        Objects.requireNonNull(ip, "ip");
        if (ip.length != 4 && ip.length != 16) {
            throw new IllegalArgumentException("an IP address has 4 or 16 bytes, got " + ip.length);
        }
        if (port < 0 || port > 0xFFFF) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        return new HostAddress(ip.clone(), port);
    }

    /** A host from a resolved socket address. */
    public static HostAddress of(InetSocketAddress address) {
        Objects.requireNonNull(address, "address");
        if (address.getAddress() == null) {
            throw new IllegalArgumentException("unresolved address: " + address);
        }
        return new HostAddress(address.getAddress().getAddress(), address.getPort());
    }

    /** Reads a host of the given kind at the buffer's absolute index; the buffer is not moved. */
    public static HostAddress read(ByteBuffer buffer, int index, boolean ipv6) {
        byte[] ip = new byte[ipv6 ? 16 : 4];
        buffer.get(index, ip);
        return new HostAddress(ip, buffer.getInt(index + ip.length));
    }

    public boolean isIpv6() {
        return ip.length == 16;
    }

    /** 8 for IPv4, 20 for IPv6. */
    public int encodedLength() {
        return ip.length + 4;
    }

    public int port() {
        return port;
    }

    /** A copy of the address bytes. */
    public byte[] ip() {
        return ip.clone();
    }

    /** Writes address and port at the buffer's position and advances it. */
    public void writeTo(ByteBuffer buffer) {
        buffer.put(ip).putInt(port);
    }

    public InetSocketAddress toSocketAddress() {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        } catch (UnknownHostException impossible) {
            // getByAddress only fails for an illegal length, which the factories exclude.
            throw new IllegalStateException(impossible);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HostAddress that && port == that.port && Arrays.equals(ip, that.ip);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(ip) + port;
    }

    /** {@code ip:port}, as RocketMQ prints hosts. */
    @Override
    public String toString() {
        return toSocketAddress().getAddress().getHostAddress() + ":" + port;
    }
}
