package io.hexmq.application.broker;

import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;

/**
 * The broker settings of message trace, under RocketMQ's property names.
 *
 * @param regionId          the region this broker stamps on every message a client sends ({@code MSG_REGION}) and
 *                          on every send answer; the official trace reader groups a message's path by it
 *                          ({@code DefaultRegion})
 * @param traceOn           stamped as {@code TRACE_ON}: whether clients should trace messages of this broker (true)
 * @param traceTopicEnable  the broker hosts the trace topic itself, created at start even when
 *                          {@code autoCreateTopicEnable} is off (false)
 * @param msgTraceTopicName the trace topic ({@code RMQ_SYS_TRACE_TOPIC})
 */
public record TraceSettings(String regionId, boolean traceOn, boolean traceTopicEnable, TopicName msgTraceTopicName) {

    public static final String DEFAULT_REGION_ID = "DefaultRegion";

    public TraceSettings {
        Objects.requireNonNull(regionId, "regionId");
        Objects.requireNonNull(msgTraceTopicName, "msgTraceTopicName");
        if (regionId.isBlank()) {
            throw new IllegalArgumentException("regionId must not be blank");
        }
    }

    public static TraceSettings defaults() {
        return new TraceSettings(DEFAULT_REGION_ID, true, false, SystemTopics.TRACE_TOPIC);
    }
}
