package io.hexmq.domain.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;

/**
 * One change to the POP state, as {@link PopCheckpoints} records it and a store appends it. Each change sets
 * its message's checkpoint (or its queue's offset) to a value that does not depend on what was there, or
 * leaves it, so a run of changes applied twice in a row ends where it ends once: a replay of a log whose
 * changes a snapshot already holds is harmless.
 */
public sealed interface PopChange {

    /** A checkpoint in flight, replacing any earlier one of the same message and group. */
    record Put(PopCheckpoint checkpoint) implements PopChange {
        public Put {
            Objects.requireNonNull(checkpoint, "checkpoint");
        }
    }

    /** The checkpoint of that message gone, if it is the one popped at {@code popTime}. */
    record Remove(GroupName group, TopicName topic, int queueId, long offset, long popTime) implements PopChange {
        public Remove {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
        }

        static Remove of(PopCheckpoint checkpoint) {
            return new Remove(checkpoint.group(), checkpoint.topic(), checkpoint.queueId(), checkpoint.offset(),
                    checkpoint.popTime());
        }
    }

    /** A group's POPs gone on in a queue to at least {@code offset}. */
    record Advance(PopOffset offset) implements PopChange {
        public Advance {
            Objects.requireNonNull(offset, "offset");
        }
    }
}
