package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.FrameLayout;

/**
 * How the broker packs its topic configs into REGISTER_BROKER requests, with RocketMQ 5.x's broker
 * settings and defaults.
 *
 * @param compressedRegister      {@code compressedRegister} (false): always send the deflate body of
 *                                {@code CompressedRegisterBrokerBodyLayout} instead of JSON
 * @param enableSplitRegistration {@code enableSplitRegistration} (false): send the topic configs in
 *                                several requests of {@code splitRegistrationSize} topics each, which
 *                                the NameServer merges; keep the NameServer's
 *                                {@code deleteTopicWithBrokerRegistration} off with it, as RocketMQ says
 * @param splitRegistrationSize   {@code splitRegistrationSize} (800): topics per request when splitting
 * @param maxFrameLength          {@code com.rocketmq.remoting.frameMaxLength} (16 MiB): the largest frame
 *                                the NameServers take; a body that would not fit is sent compressed, or
 *                                in parts, whatever the settings above say
 */
public record RegisterBrokerEncoding(boolean compressedRegister, boolean enableSplitRegistration,
        int splitRegistrationSize, int maxFrameLength) {

    public static final int DEFAULT_SPLIT_REGISTRATION_SIZE = 800;

    public RegisterBrokerEncoding {
        if (splitRegistrationSize <= 0) {
            throw new IllegalArgumentException("splitRegistrationSize must be positive: " + splitRegistrationSize);
        }
        if (maxFrameLength <= RegisterBrokerRequests.FRAME_OVERHEAD_BYTES) {
            throw new IllegalArgumentException("maxFrameLength must exceed " + RegisterBrokerRequests.FRAME_OVERHEAD_BYTES
                    + ": " + maxFrameLength);
        }
    }

    /** RocketMQ's defaults: one JSON request, unless it would not fit in a 16 MiB frame. */
    public static RegisterBrokerEncoding defaults() {
        return new RegisterBrokerEncoding(false, false, DEFAULT_SPLIT_REGISTRATION_SIZE,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH);
    }
}
