package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The NameServer's key-value settings: PUT_KV_CONFIG (100), GET_KV_CONFIG (101), DELETE_KV_CONFIG (102)
 * name a {@code namespace} and {@code key}; the put carries the {@code value}, and so does the get's
 * answer.
 */
public final class KvConfigHeader {

    public static final HeaderField<String> NAMESPACE = requiredString("namespace");
    public static final HeaderField<String> KEY = requiredString("key");
    public static final HeaderField<String> VALUE = requiredString("value");

    private KvConfigHeader() {
    }
}
