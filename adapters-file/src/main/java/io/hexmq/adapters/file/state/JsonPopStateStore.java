package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's POP state in one JSON file, replaced atomically on every save, so a crash leaves the previous
 * or the new state, never a torn file:
 * {@code {"checkpoints":[{"group":"CG","topic":"T","queueId":0,"offset":12,"popTime":1700000000000,
 * "invisibleTime":60000,"orderly":false,"attempts":0,"batchEnd":13,"attemptId":"..."}],
 * "offsets":[{"group":"CG","topic":"T","queueId":0,"offset":13}]}}.
 * {@code attemptId} is left out when a checkpoint has none, and a file without it loads as checkpoints of none.
 * (RocketMQ keeps the same facts as checkpoint and ack messages in its revive topic, or in RocksDB.)
 *
 * <p>The broker's former POP state store: every write, an append too, rewrites the whole state, so a write
 * costs the state in flight. The broker now keeps its POP state in {@link LogFilePopStateStore}, which reads
 * an older broker's file through this one.
 */
public final class JsonPopStateStore implements PopStateStore {

    private final JsonStateFile<StateFile> file;

    public JsonPopStateStore(Path path) {
        this.file = new JsonStateFile<>(path, StateFile.class, "POP state", StorageException::new);
    }

    @Override
    public PopState load() {
        return file.read(PopState.EMPTY, JsonPopStateStore::toDomain);
    }

    @Override
    public synchronized void save(PopState state) {
        StateFile content = new StateFile();
        content.checkpoints = new ArrayList<>(state.checkpoints().size());
        for (PopCheckpoint checkpoint : state.checkpoints()) {
            Checkpoint entry = new Checkpoint();
            entry.group = checkpoint.group().value();
            entry.topic = checkpoint.topic().value();
            entry.queueId = checkpoint.queueId();
            entry.offset = checkpoint.offset();
            entry.popTime = checkpoint.popTime();
            entry.invisibleTime = checkpoint.invisibleTime();
            entry.orderly = checkpoint.orderly();
            entry.attempts = checkpoint.attempts();
            entry.batchEnd = checkpoint.batchEnd();
            entry.attemptId = checkpoint.attemptId();
            content.checkpoints.add(entry);
        }
        content.offsets = new ArrayList<>(state.offsets().size());
        for (PopOffset offset : state.offsets()) {
            Offset entry = new Offset();
            entry.group = offset.group().value();
            entry.topic = offset.topic().value();
            entry.queueId = offset.queueId();
            entry.offset = offset.offset();
            content.offsets.add(entry);
        }
        file.write(content);
    }

    @Override
    public synchronized void append(List<PopChange> changes) {
        save(load().with(changes));
    }

    private static PopState toDomain(StateFile parsed) {
        if (parsed == null) {
            throw new JsonParseException("the file is empty");
        }
        List<PopCheckpoint> checkpoints = new ArrayList<>();
        for (Checkpoint entry : parsed.checkpoints == null ? List.<Checkpoint>of() : parsed.checkpoints) {
            if (entry == null || entry.group == null || entry.topic == null || entry.queueId == null
                    || entry.offset == null || entry.popTime == null || entry.invisibleTime == null) {
                throw new JsonParseException("a checkpoint lacks group, topic, queueId, offset, popTime or invisibleTime");
            }
            checkpoints.add(new PopCheckpoint(new GroupName(entry.group), new TopicName(entry.topic), entry.queueId,
                    entry.offset, entry.popTime, entry.invisibleTime, entry.orderly != null && entry.orderly,
                    entry.attempts == null ? 0 : entry.attempts,
                    entry.batchEnd == null ? entry.offset + 1 : entry.batchEnd, entry.attemptId));
        }
        List<PopOffset> offsets = new ArrayList<>();
        for (Offset entry : parsed.offsets == null ? List.<Offset>of() : parsed.offsets) {
            if (entry == null || entry.group == null || entry.topic == null || entry.queueId == null
                    || entry.offset == null) {
                throw new JsonParseException("an offset lacks group, topic, queueId or offset");
            }
            offsets.add(new PopOffset(new GroupName(entry.group), new TopicName(entry.topic), entry.queueId,
                    entry.offset));
        }
        return new PopState(checkpoints, offsets);
    }

    /** The file's JSON shape. */
    private static final class StateFile {
        List<Checkpoint> checkpoints;
        List<Offset> offsets;
    }

    private static final class Checkpoint {
        String group;
        String topic;
        Integer queueId;
        Long offset;
        Long popTime;
        Long invisibleTime;
        Boolean orderly;
        Integer attempts;
        Long batchEnd;
        String attemptId;
    }

    private static final class Offset {
        String group;
        String topic;
        Integer queueId;
        Long offset;
    }
}
