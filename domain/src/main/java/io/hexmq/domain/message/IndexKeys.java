package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The keys a stored message is found by (protocol.md §2.3.13, QUERY_MESSAGE): {@code topic#UNIQ_KEY}
 * and {@code topic#k} for each space-separated value {@code k} of {@code KEYS}. Every store hashes them
 * the same way ({@link String#hashCode()} of {@code topic#key}), computed here straight from the record's
 * bytes so that indexing allocates nothing for ASCII keys, and confirms a candidate with {@link #matches}
 * because different keys may share a hash.
 *
 * <p>A rolled-back transaction record is not indexed, as in RocketMQ; half messages are (under their
 * system topic).
 */
public final class IndexKeys {

    /**
     * The key hashes of one record, in a buffer a single writer reuses (so indexing allocates nothing once
     * it has grown to the most keys a record had).
     */
    public static final class Hashes {
        private int[] hashes = new int[8];
        private int count;

        public int count() {
            return count;
        }

        public int get(int i) {
            return hashes[i];
        }

        void clear() {
            count = 0;
        }

        void add(int hash) {
            if (count == hashes.length) {
                hashes = Arrays.copyOf(hashes, count * 2);
            }
            hashes[count++] = hash;
        }
    }

    private static final byte[] UNIQ_KEY_BYTES = MessageProperties.UNIQ_KEY.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEYS_BYTES = MessageProperties.KEYS.getBytes(StandardCharsets.US_ASCII);
    private static final char TOPIC_KEY_SEPARATOR = '#';

    private IndexKeys() {
    }

    /** Whether the record at {@code at} goes into the key index at all. */
    public static boolean indexed(ByteBuffer record, int at) {
        return MessageSysFlag.transactionType(MessageLayout.sysFlag(record, at))
            != MessageSysFlag.TRANSACTION_ROLLBACK_TYPE;
    }

    /** The hash of {@code topic#key}, without building that string. */
    public static int hash(String topic, String key) {
        int hash = 31 * topic.hashCode() + TOPIC_KEY_SEPARATOR;
        for (int i = 0; i < key.length(); i++) {
            hash = 31 * hash + key.charAt(i);
        }
        return hash;
    }

    /**
     * Puts into {@code out} (cleared first) the hash of every key of the record at {@code at}, whose topic
     * hashes to {@code topicHash} ({@link String#hashCode()} of the topic). A key may appear twice (a KEYS
     * value equal to the UNIQ_KEY); empty keys are skipped.
     */
    public static void keyHashes(ByteBuffer record, int at, int topicHash, Hashes out) {
        out.clear();
        int topicLengthAt = MessageLayout.topicLengthIndex(record, at);
        int propertiesLengthAt = topicLengthAt + 1 + (record.get(topicLengthAt) & 0xFF);
        int start = propertiesLengthAt + 2;
        int end = start + (record.getShort(propertiesLengthAt) & 0xFFFF);
        int seed = 31 * topicHash + TOPIC_KEY_SEPARATOR;
        int entry = start;
        while (entry < end) {
            int entryEnd = indexOf(record, entry, end, (byte) MessageProperties.PROPERTY_SEPARATOR);
            int uniqValue = valueAt(record, entry, entryEnd, UNIQ_KEY_BYTES);
            if (uniqValue >= 0) {
                if (uniqValue < entryEnd) {
                    hashValue(record, uniqValue, entryEnd, seed, out);
                }
            } else {
                int keysValue = valueAt(record, entry, entryEnd, KEYS_BYTES);
                if (keysValue >= 0) {
                    int from = keysValue;
                    while (from <= entryEnd) {
                        int to = indexOf(record, from, entryEnd, (byte) ' ');
                        if (to > from) {
                            hashValue(record, from, to, seed, out);
                        }
                        from = to + 1;
                    }
                }
            }
            entry = entryEnd + 1;
        }
    }

    /**
     * Whether the record is in {@code topic} and has {@code key} as its UNIQ_KEY or among its KEYS.
     * Decodes the topic and properties: for the query path, not for indexing.
     */
    public static boolean matches(ByteBuffer record, int at, String topic, String key) {
        return MessageLayout.topic(record, at).equals(topic) && (isUniqueKey(record, at, key) || isKey(record, at, key));
    }

    /** Whether the record's UNIQ_KEY is {@code key}. */
    public static boolean isUniqueKey(ByteBuffer record, int at, String key) {
        return key.equals(MessageProperties.get(MessageLayout.properties(record, at), MessageProperties.UNIQ_KEY));
    }

    /** Whether {@code key} is one of the record's space-separated KEYS. */
    public static boolean isKey(ByteBuffer record, int at, String key) {
        String keys = MessageProperties.get(MessageLayout.properties(record, at), MessageProperties.KEYS);
        if (keys == null) {
            return false;
        }
        for (String candidate : keys.split(MessageProperties.KEY_SEPARATOR)) {
            if (candidate.equals(key)) {
                return true;
            }
        }
        return false;
    }

    private static void hashValue(ByteBuffer record, int from, int to, int seed, Hashes out) {
        int hash = seed;
        for (int i = from; i < to; i++) {
            byte b = record.get(i);
            if (b < 0) {
                // non-ASCII: hash the decoded chars, as String.hashCode does
                String value = new String(bytes(record, from, to), StandardCharsets.UTF_8);
                hash = seed;
                for (int c = 0; c < value.length(); c++) {
                    hash = 31 * hash + value.charAt(c);
                }
                break;
            }
            hash = 31 * hash + b;
        }
        out.add(hash);
    }

    private static byte[] bytes(ByteBuffer record, int from, int to) {
        byte[] bytes = new byte[to - from];
        record.get(from, bytes);
        return bytes;
    }

    /** Index of the value when the entry {@code [entry, entryEnd)} is {@code name \u0001 value}, else -1. */
    private static int valueAt(ByteBuffer record, int entry, int entryEnd, byte[] name) {
        int valueAt = entry + name.length + 1;
        if (valueAt > entryEnd || record.get(valueAt - 1) != MessageProperties.NAME_VALUE_SEPARATOR) {
            return -1;
        }
        for (int i = 0; i < name.length; i++) {
            if (record.get(entry + i) != name[i]) {
                return -1;
            }
        }
        return valueAt;
    }

    private static int indexOf(ByteBuffer record, int from, int end, byte value) {
        for (int i = from; i < end; i++) {
            if (record.get(i) == value) {
                return i;
            }
        }
        return end;
    }
}
