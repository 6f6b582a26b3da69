package io.hexmq.domain.replication;

/**
 * A point of a replica's apply: the group log's position of the last entry applied, and the message store's
 * commit-log end once it was applied (what {@code MessageStore.commitLogMaxOffset} said then).
 *
 * @param position the last applied entry's position in the group's log; -1 when nothing was applied
 * @param commitLogEnd the commit-log end after that entry; 0 when nothing was applied
 */
public record AppliedPoint(long position, long commitLogEnd) {

    public static final AppliedPoint NONE = new AppliedPoint(-1, 0);

    public AppliedPoint {
        if (position < -1) {
            throw new IllegalArgumentException("an applied position is -1 or more: " + position);
        }
        if (commitLogEnd < 0) {
            throw new IllegalArgumentException("a commit-log end is not negative: " + commitLogEnd);
        }
    }
}
