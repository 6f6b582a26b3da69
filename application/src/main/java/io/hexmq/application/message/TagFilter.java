package io.hexmq.application.message;

import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * A TAG subscription as a {@link MessageFilter}: consume-queue entries pass when their tag code is
 * one of the tags' hash codes, and the stored record then passes only when its {@code TAGS} is exactly
 * one of the tags, so a hash collision never reaches the consumer. Allocates nothing per message for
 * ASCII tags.
 */
final class TagFilter implements MessageFilter {

    private static final String OR = "||";

    private final String[] tags;
    private final int[] codes;

    private TagFilter(Collection<String> tags) {
        this.tags = tags.toArray(new String[0]);
        this.codes = new int[this.tags.length];
        for (int i = 0; i < this.tags.length; i++) {
            codes[i] = this.tags[i].hashCode();
        }
    }

    /**
     * Parses RocketMQ's TAG expression: {@code *} (or nothing) matches everything, otherwise tags
     * separated by {@code ||}, blanks around them ignored.
     *
     * @return empty when the expression names no tag at all (SUBSCRIPTION_PARSE_FAILED)
     */
    static Optional<MessageFilter> parse(String expression) {
        if (expression == null || expression.isBlank() || expression.trim().equals("*")) {
            return Optional.of(MessageFilter.ALL);
        }
        Set<String> tags = tagsOf(expression);
        return tags.isEmpty() ? Optional.empty() : Optional.of(new TagFilter(tags));
    }

    /** The tags a TAG expression names, in its order; none for {@code *} and for one that names none. */
    static Set<String> tagsOf(String expression) {
        Set<String> tags = new LinkedHashSet<>();
        if (expression == null || expression.trim().equals("*")) {
            return tags;
        }
        int start = 0;
        while (start <= expression.length()) {
            int end = expression.indexOf(OR, start);
            if (end < 0) {
                end = expression.length();
            }
            String tag = expression.substring(start, end).trim();
            if (!tag.isEmpty()) {
                tags.add(tag);
            }
            start = end + OR.length();
        }
        return tags;
    }

    /** A heartbeat subscription's tags; none means everything. */
    static MessageFilter of(Collection<String> tags) {
        return tags.isEmpty() ? MessageFilter.ALL : new TagFilter(tags);
    }

    @Override
    public boolean matchesTagsCode(long tagsCode) {
        int code = (int) tagsCode;
        for (int candidate : codes) {
            if (candidate == code) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean matchesStored(ByteBuffer message) {
        int at = message.position();
        int topicLengthAt = MessageLayout.topicLengthIndex(message, at);
        int propertiesLengthAt = topicLengthAt + 1 + (message.get(topicLengthAt) & 0xFF);
        int start = propertiesLengthAt + 2;
        int end = start + (message.getShort(propertiesLengthAt) & 0xFFFF);
        int entry = start;
        while (entry < end) {
            int entryEnd = indexOf(message, entry, end, (byte) MessageProperties.PROPERTY_SEPARATOR);
            if (isTagsEntry(message, entry, entryEnd)) {
                return matchesValue(message, entry + 5, entryEnd);
            }
            entry = entryEnd + 1;
        }
        return false;
    }

    private boolean matchesValue(ByteBuffer message, int from, int to) {
        for (String tag : tags) {
            if (equalsAscii(message, from, to, tag)) {
                return true;
            }
        }
        for (int i = from; i < to; i++) {
            if (message.get(i) < 0) {
                // Non-ASCII: compare decoded text; rare enough to allocate.
                String tags = MessageProperties.get(MessageLayout.properties(message, message.position()),
                        MessageProperties.TAGS);
                return tags != null && Arrays.asList(this.tags).contains(tags);
            }
        }
        return false;
    }

    private static boolean equalsAscii(ByteBuffer message, int from, int to, String tag) {
        if (to - from != tag.length()) {
            return false;
        }
        for (int i = 0; i < tag.length(); i++) {
            if (message.get(from + i) != tag.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTagsEntry(ByteBuffer message, int entry, int entryEnd) {
        return entry + 5 <= entryEnd
                && message.get(entry) == 'T' && message.get(entry + 1) == 'A' && message.get(entry + 2) == 'G'
                && message.get(entry + 3) == 'S' && message.get(entry + 4) == MessageProperties.NAME_VALUE_SEPARATOR;
    }

    private static int indexOf(ByteBuffer buffer, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == value) {
                return i;
            }
        }
        return to;
    }

    @Override
    public String toString() {
        return String.join(" || ", tags);
    }
}
