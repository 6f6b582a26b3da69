package io.hexmq.domain.message;

/**
 * The consume-queue tag code of a message: {@code TAGS.hashCode()} (Java's String hash,
 * sign-extended to long), 0 when the message has no tag (protocol.md §4.1). Hashes collide, so the
 * broker filters by code and the client filters again by the exact tag string.
 */
public final class TagCode {

    /** The code of a message without tags. */
    public static final long NONE = 0L;

    private TagCode() {
    }

    public static long of(String tags) {
        if (tags == null || tags.isEmpty()) {
            return NONE;
        }
        return tags.hashCode();
    }
}
