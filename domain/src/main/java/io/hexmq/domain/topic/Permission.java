package io.hexmq.domain.topic;

/**
 * What clients may do with a topic's queues on one broker, as RocketMQ's permission bits. The bit
 * values travel on the wire ({@code perm} in topic configs and queue data), so they are fixed.
 */
public record Permission(int bits) {

    public static final int PERM_PRIORITY = 8;
    public static final int PERM_READ = 4;
    public static final int PERM_WRITE = 2;
    public static final int PERM_INHERIT = 1;

    private static final int ALL_BITS = PERM_PRIORITY | PERM_READ | PERM_WRITE | PERM_INHERIT;

    /** Read and write: the permission of an ordinary topic (6). */
    public static final Permission READ_WRITE = new Permission(PERM_READ | PERM_WRITE);

    /** Inherit, read and write (7): an auto-create template such as {@code TBW102}. */
    public static final Permission INHERIT_READ_WRITE = new Permission(PERM_INHERIT | PERM_READ | PERM_WRITE);

    public Permission {
        if ((bits & ~ALL_BITS) != 0) {
            throw new InvalidTopicConfigException("unknown permission bits in " + bits);
        }
    }

    public boolean isReadable() {
        return (bits & PERM_READ) != 0;
    }

    public boolean isWritable() {
        return (bits & PERM_WRITE) != 0;
    }

    public boolean isInheritable() {
        return (bits & PERM_INHERIT) != 0;
    }

    public boolean isPriority() {
        return (bits & PERM_PRIORITY) != 0;
    }

    public Permission withoutWrite() {
        return new Permission(bits & ~PERM_WRITE);
    }

    /** What a topic created from a template gets: the template's bits without INHERIT. */
    public Permission withoutInherit() {
        return new Permission(bits & ~PERM_INHERIT);
    }

    /** The bits both permissions grant, e.g. a topic's permission limited by the broker's. */
    public Permission and(Permission other) {
        return new Permission(bits & other.bits);
    }
}
