package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.namesrv.CompressedRegisterBrokerBodyLayout;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Decides how one registration travels: in how many REGISTER_BROKER requests and whether each body is
 * JSON or compressed. The settings ({@link RegisterBrokerEncoding}) choose first: split into parts of
 * {@code splitRegistrationSize} topics when {@code enableSplitRegistration} is on and there are at least
 * that many topics (as RocketMQ 5.x splits), compressed when {@code compressedRegister} is on. Then the
 * frame limit has the last word, so a registration never fails for its size: a JSON body that would
 * not fit is compressed instead, and a compressed body that still would not fit is halved until its
 * parts do.
 *
 * <p>Every part carries the registration's DataVersion. The NameServer merges the parts: the first
 * part of a new version rewrites the topics it carries, each later part adds the topics the NameServer
 * does not list yet for this broker, and none removes a topic the others carried. So in a full
 * registration the topics whose config changed go in the first part, and an incremental registration
 * (only the changed topics, as a RocketMQ broker sends a topic it created) always travels as one part.
 *
 * <p>Cost: one pass over the topics per encoding tried. 100,000 topics of 8 queues are about 17 MB of
 * JSON, which does not fit, then 0.24 MB compressed; the JSON attempt cost about 1.5 s on the loaded
 * benchmark machine (BENCHMARKS.md, NameServer scale), which {@code compressedRegister=true} saves.
 */
final class RegisterBrokerRequests {

    /** Room for the frame's length fields and a REGISTER_BROKER header, which stays under 1 KiB. */
    static final int FRAME_OVERHEAD_BYTES = 16 * 1024;

    /** One request's body and its {@code compressed} header field. */
    record Part(byte[] body, boolean compressed, int topicCount) {

        Part {
            Objects.requireNonNull(body, "body");
        }
    }

    /**
     * @param parts    the requests, in the order they are to be sent
     * @param fallback why the frame limit overruled the settings, for one log line; empty when it did not
     */
    record Plan(List<Part> parts, Optional<String> fallback) {

        Plan {
            parts = List.copyOf(parts);
            Objects.requireNonNull(fallback, "fallback");
        }
    }

    private final RegisterBrokerEncoding encoding;

    RegisterBrokerRequests(RegisterBrokerEncoding encoding) {
        this.encoding = Objects.requireNonNull(encoding, "encoding");
    }

    /** A plan with nothing known of what the NameServers hold: parts in the registration's topic order. */
    Plan plan(NameServerRegistration registration) {
        return plan(registration, Set.of());
    }

    /**
     * @param changed topics the NameServers list with another config than this registration's (a
     *                registration they all took said otherwise); when splitting they all go in the first
     *                part, which is the only part a NameServer rewrites, so that part may hold more than
     *                {@code splitRegistrationSize} topics
     */
    Plan plan(NameServerRegistration registration, Set<TopicName> changed) {
        List<TopicConfig> topics = registration.topicConfigs();
        int size = encoding.splitRegistrationSize();
        List<Part> parts = new ArrayList<>();
        Fallback fallback = new Fallback();
        if (registration.incremental()) {
            return new Plan(List.of(single(registration)), Optional.empty());
        }
        if (encoding.enableSplitRegistration() && topics.size() >= size) {
            List<TopicConfig> ordered = changedFirst(topics, changed);
            int first = Math.max(size, changed.size());
            for (int from = 0; from < ordered.size(); from += from == 0 ? first : size) {
                int to = Math.min(ordered.size(), from + (from == 0 ? first : size));
                encodeFitting(registration, ordered.subList(from, to), !encoding.compressedRegister(), parts, fallback);
            }
        } else {
            encodeFitting(registration, topics, !encoding.compressedRegister(), parts, fallback);
        }
        return new Plan(parts, fallback.reason());
    }

    private static List<TopicConfig> changedFirst(List<TopicConfig> topics, Set<TopicName> changed) {
        if (changed.isEmpty()) {
            return topics;
        }
        List<TopicConfig> ordered = new ArrayList<>(topics.size());
        topics.stream().filter(config -> changed.contains(config.name())).forEach(ordered::add);
        topics.stream().filter(config -> !changed.contains(config.name())).forEach(ordered::add);
        return ordered;
    }

    /**
     * An incremental registration in one request whatever its size: every topic it carries changed, and a
     * NameServer rewrites only the first part of a version. Compressed when the settings say so or JSON
     * does not fit; if even that does not fit the request fails, and the registrar's retry registers in full.
     */
    private Part single(NameServerRegistration registration) {
        if (!encoding.compressedRegister()) {
            byte[] plain = RegisterBrokerBody.encode(registration, registration.topicConfigs());
            if (fits(plain)) {
                return new Part(plain, false, registration.topicConfigs().size());
            }
        }
        return new Part(CompressedRegisterBrokerBodyLayout.encode(registration.dataVersion(),
                registration.topicConfigs(), List.of()), true, registration.topicConfigs().size());
    }

    /** {@code json}: try JSON first; never for the halves of a set whose compressed body did not fit. */
    private void encodeFitting(NameServerRegistration registration, List<TopicConfig> topics, boolean json,
            List<Part> parts, Fallback fallback) {
        if (json) {
            byte[] plain = RegisterBrokerBody.encode(registration, topics);
            if (fits(plain)) {
                parts.add(new Part(plain, false, topics.size()));
                return;
            }
            fallback.compressedBecause("the JSON body of " + topics.size() + " topics is " + plain.length
                    + " bytes, over the frame limit of " + encoding.maxFrameLength() + ": sent compressed");
        }
        byte[] compressed = CompressedRegisterBrokerBodyLayout.encode(registration.dataVersion(), topics, List.of());
        if (fits(compressed) || topics.size() <= 1) {
            parts.add(new Part(compressed, true, topics.size()));
            return;
        }
        fallback.halvedBecause("the compressed body of " + topics.size() + " topics is " + compressed.length
                + " bytes, over the frame limit of " + encoding.maxFrameLength() + ": sent in parts");
        int half = topics.size() / 2;
        encodeFitting(registration, topics.subList(0, half), false, parts, fallback);
        encodeFitting(registration, topics.subList(half, topics.size()), false, parts, fallback);
    }

    private boolean fits(byte[] body) {
        return body.length <= encoding.maxFrameLength() - FRAME_OVERHEAD_BYTES;
    }

    /** The first reason of each kind: a registration halved ten times says so once. */
    private static final class Fallback {

        private String compressed;
        private String halved;

        void compressedBecause(String reason) {
            compressed = compressed == null ? reason : compressed;
        }

        void halvedBecause(String reason) {
            halved = halved == null ? reason : halved;
        }

        Optional<String> reason() {
            if (compressed == null || halved == null) {
                return Optional.ofNullable(compressed == null ? halved : compressed);
            }
            return Optional.of(compressed + "; " + halved);
        }
    }
}
