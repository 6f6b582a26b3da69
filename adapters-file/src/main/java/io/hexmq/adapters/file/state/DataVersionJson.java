package io.hexmq.adapters.file.state;

import io.hexmq.domain.topic.DataVersion;

/** RocketMQ's DataVersion JSON shape, {@code {"counter":3,"stateVersion":0,"timestamp":1700000000000}}. */
final class DataVersionJson {

    long counter;
    long stateVersion;
    long timestamp;

    static DataVersionJson of(DataVersion version) {
        DataVersionJson json = new DataVersionJson();
        json.counter = version.counter();
        json.stateVersion = version.stateVersion();
        json.timestamp = version.timestamp();
        return json;
    }

    /** A file without a version (hand-written, or from an old broker) starts at version 0. */
    static DataVersion toDomain(DataVersionJson json) {
        return json == null ? new DataVersion(0, 0, 0) : new DataVersion(json.timestamp, json.counter, json.stateVersion);
    }
}
