package io.hexmq.application.replication;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The payload layout of the POP state, the request modes and the users and policies a {@link GroupWrite}
 * carries whole (see {@link GroupWrites} for the field encodings). Maps and sets are written in a fixed
 * order, so every replica stores the same bytes. An enum travels as its constant's name.
 *
 * <pre>
 * popState     := checkpointCount:int checkpoint{checkpointCount} offsetCount:int popOffset{offsetCount}
 * checkpoint   := group:text topic:text queueId:int offset:long popTime:long invisibleTime:long orderly:bool
 *                 attempts:int batchEnd:long
 * popOffset    := group:text topic:text queueId:int offset:long
 * popStateOfAttempts := as popState, each checkpoint followed by hasAttemptId:bool [attemptId:text]
 * popChanges   := count:int popChange{count}
 * popChange    := 1:byte checkpoint | 2:byte group:text topic:text queueId:int offset:long popTime:long
 *                 | 3:byte popOffset | 4:byte checkpoint attemptId:text   (put, remove, advance, put of an attempt)
 * requestModes := count:int (topic:text group:text mode:text popShareQueueNum:int){count}
 * auth         := userCount:int user{userCount} aclCount:int acl{aclCount}
 * user         := name:text password:text type:text status:text
 * acl          := subject:text entryCount:int policy{entryCount}
 * policy       := resource:text actionCount:int action:text{actionCount} sourceCount:int source:text{sourceCount}
 *                 decision:text
 * </pre>
 *
 * A checkpoint's attempt id (an orderly POP's) travels only in the forms that carry it, which are written only
 * for a state or change that has one: what an older broker wrote reads the same, and a group whose clients
 * send no attempt id writes the same bytes as an older broker.
 */
final class PopAndAuthLayout {

    private static final byte PUT = 1;
    private static final byte REMOVE = 2;
    private static final byte ADVANCE = 3;
    private static final byte PUT_OF_ATTEMPT = 4;

    private PopAndAuthLayout() {
    }

    /** Whether a checkpoint of {@code state} has an attempt id, which only popStateOfAttempts carries. */
    static boolean hasAttempts(PopState state) {
        return state.checkpoints().stream().anyMatch(checkpoint -> checkpoint.attemptId() != null);
    }

    /** @param ofAttempts whether as popStateOfAttempts */
    static EntryWriter writePopState(EntryWriter writer, PopState state, boolean ofAttempts) {
        writer.integer(state.checkpoints().size());
        for (PopCheckpoint checkpoint : state.checkpoints()) {
            writeCheckpoint(writer, checkpoint);
            if (ofAttempts) {
                writer.bool(checkpoint.attemptId() != null);
                if (checkpoint.attemptId() != null) {
                    writer.text(checkpoint.attemptId());
                }
            }
        }
        writer.integer(state.offsets().size());
        for (PopOffset offset : state.offsets()) {
            writeOffset(writer, offset);
        }
        return writer;
    }

    /** @param ofAttempts whether as popStateOfAttempts */
    static PopState readPopState(EntryReader reader, boolean ofAttempts) {
        int checkpointCount = reader.integer();
        List<PopCheckpoint> checkpoints = new ArrayList<>(Math.min(checkpointCount, 1024));
        for (int i = 0; i < checkpointCount; i++) {
            PopCheckpoint checkpoint = readCheckpoint(reader);
            checkpoints.add(ofAttempts && reader.bool() ? checkpoint.withAttemptId(reader.text()) : checkpoint);
        }
        int offsetCount = reader.integer();
        List<PopOffset> offsets = new ArrayList<>(Math.min(offsetCount, 1024));
        for (int i = 0; i < offsetCount; i++) {
            offsets.add(readOffset(reader));
        }
        return new PopState(checkpoints, offsets);
    }

    static EntryWriter writePopChanges(EntryWriter writer, List<PopChange> changes) {
        writer.integer(changes.size());
        for (PopChange change : changes) {
            if (change instanceof PopChange.Put put && put.checkpoint().attemptId() != null) {
                writeCheckpoint(writer.kind(PUT_OF_ATTEMPT), put.checkpoint());
                writer.text(put.checkpoint().attemptId());
            } else if (change instanceof PopChange.Put put) {
                writeCheckpoint(writer.kind(PUT), put.checkpoint());
            } else if (change instanceof PopChange.Remove remove) {
                writer.kind(REMOVE).text(remove.group().value()).text(remove.topic().value())
                        .integer(remove.queueId()).longValue(remove.offset()).longValue(remove.popTime());
            } else {
                writeOffset(writer.kind(ADVANCE), ((PopChange.Advance) change).offset());
            }
        }
        return writer;
    }

    static List<PopChange> readPopChanges(EntryReader reader) {
        int count = reader.integer();
        List<PopChange> changes = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            byte kind = reader.kind();
            changes.add(switch (kind) {
                case PUT -> new PopChange.Put(readCheckpoint(reader));
                case REMOVE -> new PopChange.Remove(new GroupName(reader.text()), new TopicName(reader.text()),
                        reader.integer(), reader.longValue(), reader.longValue());
                case ADVANCE -> new PopChange.Advance(readOffset(reader));
                case PUT_OF_ATTEMPT -> new PopChange.Put(readCheckpoint(reader).withAttemptId(reader.text()));
                default -> throw new IllegalArgumentException("unknown POP change kind " + kind);
            });
        }
        return changes;
    }

    private static void writeCheckpoint(EntryWriter writer, PopCheckpoint checkpoint) {
        writer.text(checkpoint.group().value()).text(checkpoint.topic().value()).integer(checkpoint.queueId())
                .longValue(checkpoint.offset()).longValue(checkpoint.popTime())
                .longValue(checkpoint.invisibleTime()).bool(checkpoint.orderly()).integer(checkpoint.attempts())
                .longValue(checkpoint.batchEnd());
    }

    private static PopCheckpoint readCheckpoint(EntryReader reader) {
        return new PopCheckpoint(new GroupName(reader.text()), new TopicName(reader.text()), reader.integer(),
                reader.longValue(), reader.longValue(), reader.longValue(), reader.bool(), reader.integer(),
                reader.longValue());
    }

    private static void writeOffset(EntryWriter writer, PopOffset offset) {
        writer.text(offset.group().value()).text(offset.topic().value()).integer(offset.queueId())
                .longValue(offset.offset());
    }

    private static PopOffset readOffset(EntryReader reader) {
        return new PopOffset(new GroupName(reader.text()), new TopicName(reader.text()), reader.integer(),
                reader.longValue());
    }

    static EntryWriter writeRequestModes(EntryWriter writer, List<RequestModes.Entry> entries) {
        writer.integer(entries.size());
        for (RequestModes.Entry entry : entries) {
            writer.text(entry.key().topic().value()).text(entry.key().group().value())
                    .text(entry.setting().mode().name()).integer(entry.setting().popShareQueueNum());
        }
        return writer;
    }

    static List<RequestModes.Entry> readRequestModes(EntryReader reader) {
        int count = reader.integer();
        List<RequestModes.Entry> entries = new ArrayList<>(Math.min(count, 1024));
        for (int i = 0; i < count; i++) {
            TopicGroup key = new TopicGroup(new TopicName(reader.text()), new GroupName(reader.text()));
            entries.add(new RequestModes.Entry(key, new RequestModes.Setting(
                    MessageRequestMode.valueOf(reader.text()), reader.integer())));
        }
        return entries;
    }

    static EntryWriter writeAuth(EntryWriter writer, AuthTable table) {
        writer.integer(table.users().size());
        for (User user : byName(table.users()).values()) {
            writer.text(user.username().value()).text(user.password()).text(user.type().name())
                    .text(user.status().name());
        }
        writer.integer(table.acls().size());
        for (Acl acl : byName(table.acls()).values()) {
            writer.text(acl.subject().value()).integer(acl.entries().size());
            for (PolicyEntry entry : acl.entries()) {
                writer.text(entry.resource().text()).integer(entry.actions().size());
                EnumSet.copyOf(entry.actions()).forEach(action -> writer.text(action.name()));
                writer.integer(entry.sources().size());
                entry.sources().forEach(source -> writer.text(source.text()));
                writer.text(entry.decision().name());
            }
        }
        return writer;
    }

    static AuthTable readAuth(EntryReader reader) {
        int userCount = reader.integer();
        Map<Username, User> users = new HashMap<>();
        for (int i = 0; i < userCount; i++) {
            User user = new User(new Username(reader.text()), reader.text(), UserType.valueOf(reader.text()),
                    UserStatus.valueOf(reader.text()));
            users.put(user.username(), user);
        }
        int aclCount = reader.integer();
        Map<Username, Acl> acls = new HashMap<>();
        for (int i = 0; i < aclCount; i++) {
            Username subject = new Username(reader.text());
            int entryCount = reader.integer();
            List<PolicyEntry> entries = new ArrayList<>(Math.min(entryCount, 1024));
            for (int j = 0; j < entryCount; j++) {
                entries.add(readPolicy(reader));
            }
            acls.put(subject, new Acl(subject, entries));
        }
        return new AuthTable(users, acls);
    }

    private static PolicyEntry readPolicy(EntryReader reader) {
        ResourcePattern resource = ResourcePattern.parse(reader.text());
        int actionCount = reader.integer();
        Set<Action> actions = EnumSet.noneOf(Action.class);
        for (int i = 0; i < actionCount; i++) {
            actions.add(Action.valueOf(reader.text()));
        }
        int sourceCount = reader.integer();
        List<SourceRange> sources = new ArrayList<>(Math.min(sourceCount, 1024));
        for (int i = 0; i < sourceCount; i++) {
            sources.add(SourceRange.parse(reader.text()));
        }
        return new PolicyEntry(resource, actions, sources, Decision.valueOf(reader.text()));
    }

    private static <V> Map<String, V> byName(Map<Username, V> values) {
        Map<String, V> sorted = new TreeMap<>();
        values.forEach((name, value) -> sorted.put(name.value(), value));
        return sorted;
    }
}
