package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The keys a stored message is found by (protocol.md §2.3.13, QUERY_MESSAGE): {@code topic#UNIQ_KEY},
 * {@code topic#k} for each space-separated value {@code k} of {@code KEYS}, and {@code topic#T#tag} for
 * its {@code TAGS} (RocketMQ 5.5's tag entry; the {@code T} keeps a tag apart from a key of the same
 * text). Every store hashes them the same way ({@link String#hashCode()} of the entry's text), computed
 * here straight from the record's bytes so that indexing allocates nothing for ASCII keys, and confirms a
 * candidate with {@link #matches} because different keys may share a hash.
 *
 * <p>Index entries written before the tag entry existed have none: a store whose index outlives an
 * upgrade finds its older messages by key but not by tag.
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
    private static final byte[] TAGS_BYTES = MessageProperties.TAGS.getBytes(StandardCharsets.US_ASCII);
    private static final char TOPIC_KEY_SEPARATOR = '#';
    /** Marks a tag entry, {@code topic#T#tag}, as RocketMQ's index does. */
    private static final char TAG_ENTRY_MARKER = 'T';

    private IndexKeys() {
    }

    /** Whether the record at {@code at} goes into the key index at all. */
    public static boolean indexed(ByteBuffer record, int at) {
        return MessageSysFlag.transactionType(MessageLayout.sysFlag(record, at))
            != MessageSysFlag.TRANSACTION_ROLLBACK_TYPE;
    }

    /** The hash of {@code topic#key}, without building that string. */
    public static int hash(String topic, String key) {
        return hashChars(keySeed(topic.hashCode()), key);
    }

    /**
     * The hash of the entry a query of {@code type} looks up: {@code topic#key}, or {@code topic#T#key}
     * for a tag.
     */
    public static int hash(String topic, IndexType type, String key) {
        int seed = keySeed(topic.hashCode());
        return hashChars(type == IndexType.TAG ? tagSeed(seed) : seed, key);
    }

    /** The hash of {@code topic#} from the topic's hash: where every entry's hash starts. */
    private static int keySeed(int topicHash) {
        return 31 * topicHash + TOPIC_KEY_SEPARATOR;
    }

    /** The hash of {@code topic#T#} from {@link #keySeed}. */
    private static int tagSeed(int keySeed) {
        return 31 * (31 * keySeed + TAG_ENTRY_MARKER) + TOPIC_KEY_SEPARATOR;
    }

    private static int hashChars(int seed, String text) {
        int hash = seed;
        for (int i = 0; i < text.length(); i++) {
            hash = 31 * hash + text.charAt(i);
        }
        return hash;
    }

    /**
     * Puts into {@code out} (cleared first) the hash of every key of the record at {@code at}, whose topic
     * hashes to {@code topicHash} ({@link String#hashCode()} of the topic). A key may appear twice (a KEYS
     * value equal to the UNIQ_KEY); empty keys and an empty tag are skipped.
     */
    public static void keyHashes(ByteBuffer record, int at, int topicHash, Hashes out) {
        out.clear();
        int topicLengthAt = MessageLayout.topicLengthIndex(record, at);
        int propertiesLengthAt = topicLengthAt + 1 + (record.get(topicLengthAt) & 0xFF);
        int start = propertiesLengthAt + 2;
        int end = start + (record.getShort(propertiesLengthAt) & 0xFFFF);
        int seed = keySeed(topicHash);
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
                } else {
                    int tagValue = valueAt(record, entry, entryEnd, TAGS_BYTES);
                    if (tagValue >= 0 && tagValue < entryEnd) {
                        hashValue(record, tagValue, entryEnd, tagSeed(seed), out);
                    }
                }
            }
            entry = entryEnd + 1;
        }
    }

    /**
     * Whether the record is in {@code topic} and is what a query of {@code type} for {@code key} looks
     * for: {@code key} among its KEYS ({@link IndexType#KEYS}), as its UNIQ_KEY
     * ({@link IndexType#UNIQUE_KEY}), or as its tag ({@link IndexType#TAG}). Decodes the topic and
     * properties: for the query path, not for indexing.
     */
    public static boolean matches(ByteBuffer record, int at, String topic, IndexType type, String key) {
        if (!MessageLayout.topic(record, at).equals(topic)) {
            return false;
        }
        return switch (type) {
            case KEYS -> isKey(record, at, key);
            case UNIQUE_KEY -> isUniqueKey(record, at, key);
            case TAG -> isTag(record, at, key);
        };
    }

    /** Whether the record's tag (its whole TAGS property) is {@code tag}. */
    private static boolean isTag(ByteBuffer record, int at, String tag) {
        return tag.equals(MessageProperties.get(MessageLayout.properties(record, at), MessageProperties.TAGS));
    }

    /** Whether the record's UNIQ_KEY is {@code key}. */
    private static boolean isUniqueKey(ByteBuffer record, int at, String key) {
        return key.equals(MessageProperties.get(MessageLayout.properties(record, at), MessageProperties.UNIQ_KEY));
    }

    /** Whether {@code key} is one of the record's space-separated KEYS. */
    private static boolean isKey(ByteBuffer record, int at, String key) {
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
