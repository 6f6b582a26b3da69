package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.port.PopCheckpointStore;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's POP checkpoints in one JSON file, replaced atomically on every save, so a crash leaves
 * the previous or the new set, never a torn file:
 * {@code {"checkpoints":[{"group":"CG","topic":"T","queueId":0,"offset":12,"popTime":1700000000000,
 * "invisibleTime":60000,"orderly":false,"attempts":0,"batchEnd":13}]}}. (RocketMQ keeps the same facts as
 * checkpoint and ack messages in its revive topic, or in RocksDB.)
 */
public final class JsonPopCheckpointStore implements PopCheckpointStore {

    private final JsonStateFile<CheckpointsFile> file;

    public JsonPopCheckpointStore(Path path) {
        this.file = new JsonStateFile<>(path, CheckpointsFile.class, "POP checkpoints", StorageException::new);
    }

    @Override
    public List<PopCheckpoint> load() {
        return file.read(List.of(), JsonPopCheckpointStore::toDomain);
    }

    @Override
    public synchronized void save(List<PopCheckpoint> checkpoints) {
        CheckpointsFile content = new CheckpointsFile();
        content.checkpoints = new ArrayList<>(checkpoints.size());
        for (PopCheckpoint checkpoint : checkpoints) {
            Entry entry = new Entry();
            entry.group = checkpoint.group().value();
            entry.topic = checkpoint.topic().value();
            entry.queueId = checkpoint.queueId();
            entry.offset = checkpoint.offset();
            entry.popTime = checkpoint.popTime();
            entry.invisibleTime = checkpoint.invisibleTime();
            entry.orderly = checkpoint.orderly();
            entry.attempts = checkpoint.attempts();
            entry.batchEnd = checkpoint.batchEnd();
            content.checkpoints.add(entry);
        }
        file.write(content);
    }

    private static List<PopCheckpoint> toDomain(CheckpointsFile parsed) {
        if (parsed == null) {
            throw new JsonParseException("the file is empty");
        }
        if (parsed.checkpoints == null) {
            return List.of();
        }
        List<PopCheckpoint> checkpoints = new ArrayList<>(parsed.checkpoints.size());
        for (Entry entry : parsed.checkpoints) {
            if (entry == null || entry.group == null || entry.topic == null || entry.queueId == null
                    || entry.offset == null || entry.popTime == null || entry.invisibleTime == null) {
                throw new JsonParseException("a checkpoint lacks group, topic, queueId, offset, popTime or invisibleTime");
            }
            boolean orderly = entry.orderly != null && entry.orderly;
            checkpoints.add(new PopCheckpoint(new GroupName(entry.group), new TopicName(entry.topic), entry.queueId,
                    entry.offset, entry.popTime, entry.invisibleTime, orderly,
                    entry.attempts == null ? 0 : entry.attempts,
                    entry.batchEnd == null ? entry.offset + 1 : entry.batchEnd));
        }
        return checkpoints;
    }

    /** The file's JSON shape. */
    private static final class CheckpointsFile {
        List<Entry> checkpoints;
    }

    private static final class Entry {
        String group;
        String topic;
        Integer queueId;
        Long offset;
        Long popTime;
        Long invisibleTime;
        Boolean orderly;
        Integer attempts;
        Long batchEnd;
    }
}
