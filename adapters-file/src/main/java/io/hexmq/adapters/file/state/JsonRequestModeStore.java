package io.hexmq.adapters.file.state;

import com.google.gson.JsonParseException;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.topic.TopicName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The request modes in one JSON file, replaced atomically on every save:
 * {@code {"modes":[{"topic":"T","consumerGroup":"CG","mode":"POP","popShareQueueNum":0}]}}.
 * (RocketMQ keeps the same settings in its {@code messageRequestMode.json}.)
 */
public final class JsonRequestModeStore implements RequestModeStore {

    private final JsonStateFile<ModesFile> file;

    public JsonRequestModeStore(Path path) {
        this.file = new JsonStateFile<>(path, ModesFile.class, "message request modes", StorageException::new);
    }

    @Override
    public List<RequestModes.Entry> load() {
        return file.read(List.of(), JsonRequestModeStore::toDomain);
    }

    @Override
    public synchronized void save(List<RequestModes.Entry> entries) {
        ModesFile content = new ModesFile();
        content.modes = new ArrayList<>(entries.size());
        for (RequestModes.Entry entry : entries) {
            Mode mode = new Mode();
            mode.topic = entry.key().topic().value();
            mode.consumerGroup = entry.key().group().value();
            mode.mode = entry.setting().mode().name();
            mode.popShareQueueNum = entry.setting().popShareQueueNum();
            content.modes.add(mode);
        }
        file.write(content);
    }

    private static List<RequestModes.Entry> toDomain(ModesFile parsed) {
        if (parsed == null) {
            throw new JsonParseException("the file is empty");
        }
        List<RequestModes.Entry> entries = new ArrayList<>();
        for (Mode mode : parsed.modes == null ? List.<Mode>of() : parsed.modes) {
            if (mode == null || mode.topic == null || mode.consumerGroup == null || mode.mode == null) {
                throw new JsonParseException("a mode lacks topic, consumerGroup or mode");
            }
            MessageRequestMode requestMode;
            try {
                requestMode = MessageRequestMode.valueOf(mode.mode);
            } catch (IllegalArgumentException e) {
                throw new JsonParseException("unknown mode " + mode.mode, e);
            }
            entries.add(new RequestModes.Entry(
                    new TopicGroup(new TopicName(mode.topic), new GroupName(mode.consumerGroup)),
                    new RequestModes.Setting(requestMode, mode.popShareQueueNum == null ? 0 : mode.popShareQueueNum)));
        }
        return entries;
    }

    /** The file's JSON shape. */
    private static final class ModesFile {
        List<Mode> modes;
    }

    private static final class Mode {
        String topic;
        String consumerGroup;
        String mode;
        Integer popShareQueueNum;
    }
}
