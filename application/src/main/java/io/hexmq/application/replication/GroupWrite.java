package io.hexmq.application.replication;

import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.TopicConfigTable;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import java.util.List;
import java.util.Objects;

/**
 * One write of a broker group, as its leader proposes it and every replica applies it: a message append
 * carrying what the leader decided for it (its {@link StoreStamp}), or a piece of broker state as an absolute
 * value (a whole table or progress, never a change to one), so that applying it twice is harmless.
 */
sealed interface GroupWrite {

    /** One message, stored with the leader's stamp. */
    record AppendMessage(Message message, StoreStamp stamp) implements GroupWrite {
        public AppendMessage {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(stamp, "stamp");
        }
    }

    /** Messages of one topic-queue stored as one unit, each with the leader's stamp. */
    record AppendBatch(List<Message> messages, StoreStamp stamp) implements GroupWrite {
        public AppendBatch {
            messages = List.copyOf(messages);
            Objects.requireNonNull(stamp, "stamp");
        }
    }

    /** Every stored message of a topic forgotten (its queues and key index), as a topic deletion does. */
    record DeleteTopicMessages(String topic) implements GroupWrite {
        public DeleteTopicMessages {
            Objects.requireNonNull(topic, "topic");
        }
    }

    /** The topic table as the leader saved it (topics created, changed or deleted). */
    record SaveTopics(TopicConfigTable table) implements GroupWrite {
        public SaveTopics {
            Objects.requireNonNull(table, "table");
        }
    }

    /** The subscription group table as the leader saved it. */
    record SaveSubscriptionGroups(SubscriptionGroupTable table) implements GroupWrite {
        public SaveSubscriptionGroups {
            Objects.requireNonNull(table, "table");
        }
    }

    /** Every committed consumer offset, as the leader persisted them. */
    record SaveConsumerOffsets(ConsumerOffsetTable table) implements GroupWrite {
        public SaveConsumerOffsets {
            Objects.requireNonNull(table, "table");
        }
    }

    /** How far the leader's delay scheduler delivered. */
    record SaveDelayProgress(DelayProgress progress) implements GroupWrite {
        public SaveDelayProgress {
            Objects.requireNonNull(progress, "progress");
        }
    }

    /** How far the leader's timer scheduler delivered. */
    record SaveTimerProgress(TimerProgress progress) implements GroupWrite {
        public SaveTimerProgress {
            Objects.requireNonNull(progress, "progress");
        }
    }

    /** How far the leader's transaction check-back came. */
    record SaveTransactionCheckProgress(TransactionCheckProgress progress) implements GroupWrite {
        public SaveTransactionCheckProgress {
            Objects.requireNonNull(progress, "progress");
        }
    }

    /** The POP checkpoints in flight and how far the groups' POPs came, as the leader saved them. */
    record SavePopState(PopState state) implements GroupWrite {
        public SavePopState {
            Objects.requireNonNull(state, "state");
        }
    }

    /**
     * Changes to the POP state as the leader appended them. Not an absolute value, but each change sets what
     * it touches to a value of its own (see {@link PopChange}), so applying the entry twice in a row, as a
     * replay after a crash between the apply and the apply ledger may, ends where applying it once does.
     */
    record ChangePopState(List<PopChange> changes) implements GroupWrite {
        public ChangePopState {
            changes = List.copyOf(changes);
        }
    }

    /** Every request mode set for a group on a topic, as the leader saved them. */
    record SaveRequestModes(List<RequestModes.Entry> entries) implements GroupWrite {
        public SaveRequestModes {
            entries = List.copyOf(entries);
        }
    }

    /** The users and their policies, as the leader saved them. */
    record SaveAuth(AuthTable table) implements GroupWrite {
        public SaveAuth {
            Objects.requireNonNull(table, "table");
        }
    }
}
