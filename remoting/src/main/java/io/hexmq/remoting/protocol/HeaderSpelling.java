package io.hexmq.remoting.protocol;

/**
 * How a request code spells its header field names. Every code uses the full names except the
 * compact family, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE and SEND_REPLY_MESSAGE_V2, whose fields are
 * one letter each ({@code a} for producerGroup, {@code b} for topic, ...) to keep the hottest
 * request's header small.
 */
public enum HeaderSpelling {
    FULL,
    COMPACT
}
