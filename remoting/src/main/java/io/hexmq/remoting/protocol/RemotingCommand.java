package io.hexmq.remoting.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One request or response of the remoting protocol: the envelope fields of the header plus the body.
 *
 * <p>Immutable, except that the body is shared rather than copied (bodies reach megabytes and travel
 * once): whoever builds a command must not change the body afterwards. The body is either an array
 * or, for a body that already sits in memory elsewhere (a pull answer's records, views of the store's
 * mapped segments), a list of buffers sent back to back as they are ({@link Builder#bodyViews}); a
 * command holds no reference-counted resource either way, so one that is dropped needs no release.
 * Header fields live in {@link #extFields()} as strings, in insertion order; read them through
 * {@link #header()}.
 *
 * <p>Build requests with {@link #request(int)} and answers with {@link #responseTo(RemotingCommand, int)};
 * both announce {@link LanguageCode#JAVA} and {@link ProtocolVersion#CURRENT}. The opaque of a
 * request is assigned by the client or server instance that sends it ({@link #withOpaque(int)}).
 */
public final class RemotingCommand {

    /** Flag bit 0: the command is a response. */
    public static final int RESPONSE_FLAG = 1;
    /** Flag bit 1: the request expects no response. */
    public static final int ONEWAY_FLAG = 1 << 1;

    private static final byte[] NO_BODY = new byte[0];

    private final int code;
    private final LanguageCode language;
    private final int version;
    private final int opaque;
    private final int flag;
    private final String remark;
    private final Map<String, String> extFields;
    /** The body as an array, or {@code null} when it is {@link #bodyViews}. */
    private final byte[] body;
    /** The body as buffers back to back, or {@code null} when it is {@link #body}. */
    private final List<ByteBuffer> bodyViews;
    private final int bodyLength;
    /** How the header travelled (a decoded command) or is to travel; not part of the command's meaning. */
    private final SerializeType headerFormat;

    RemotingCommand(int code, LanguageCode language, int version, int opaque, int flag, String remark,
                    Map<String, String> extFields, byte[] body) {
        this(code, language, version, opaque, flag, remark, extFields, body == null ? NO_BODY : body, null,
                SerializeType.JSON);
    }

    private RemotingCommand(int code, LanguageCode language, int version, int opaque, int flag, String remark,
                            Map<String, String> extFields, byte[] body, List<ByteBuffer> bodyViews,
                            SerializeType headerFormat) {
        this.code = code;
        this.language = Objects.requireNonNull(language, "language");
        this.version = version;
        this.opaque = opaque;
        this.flag = flag;
        this.remark = remark;
        this.extFields = extFields.isEmpty() ? Map.of() : Collections.unmodifiableMap(extFields);
        this.body = body;
        this.bodyViews = bodyViews;
        this.bodyLength = body != null ? body.length : totalRemaining(bodyViews);
        this.headerFormat = headerFormat;
    }

    /** Starts a request with this request code. */
    public static Builder request(int code) {
        return new Builder(code, 0, 0);
    }

    /** Starts the response to {@code request}: same opaque, response flag set. */
    public static Builder responseTo(RemotingCommand request, int responseCode) {
        return new Builder(responseCode, request.opaque, RESPONSE_FLAG);
    }

    /** A builder holding this command's fields, to derive a changed copy. */
    public Builder toBuilder() {
        Builder builder = new Builder(code, opaque, flag);
        builder.language = language;
        builder.version = version;
        builder.remark = remark;
        builder.extFields.putAll(extFields);
        builder.body = body;
        builder.bodyViews = bodyViews;
        return builder;
    }

    /** This command with another opaque; senders stamp requests with their own counter this way. */
    public RemotingCommand withOpaque(int newOpaque) {
        return new RemotingCommand(code, language, version, newOpaque, flag, remark, extFields, body, bodyViews,
                headerFormat);
    }

    /** This request marked as oneway: the receiver processes it and answers nothing. */
    public RemotingCommand asOneway() {
        return new RemotingCommand(code, language, version, opaque, flag | ONEWAY_FLAG, remark, extFields, body,
                bodyViews, headerFormat);
    }

    /**
     * This command to be written with its header in {@code format}. An answer goes out in the format
     * its request came in: a client set to the compact header gets it both ways.
     */
    RemotingCommand inHeaderFormat(SerializeType format) {
        return format == headerFormat ? this
                : new RemotingCommand(code, language, version, opaque, flag, remark, extFields, body, bodyViews, format);
    }

    /** The header's format on the wire: as it was read, or as it is to be written. JSON unless told otherwise. */
    SerializeType headerFormat() {
        return headerFormat;
    }

    public int code() {
        return code;
    }

    public LanguageCode language() {
        return language;
    }

    public int version() {
        return version;
    }

    public int opaque() {
        return opaque;
    }

    public int flag() {
        return flag;
    }

    public boolean isResponse() {
        return (flag & RESPONSE_FLAG) != 0;
    }

    public boolean isOneway() {
        return (flag & ONEWAY_FLAG) != 0;
    }

    /** The remark, or {@code null}: error text in responses. */
    public String remark() {
        return remark;
    }

    /** Header fields, unmodifiable, never {@code null}. */
    public Map<String, String> extFields() {
        return extFields;
    }

    /** Typed, validating access to {@link #extFields()}, header fields read by their full names. */
    public HeaderReader header() {
        return new HeaderReader(extFields, HeaderSpelling.FULL);
    }

    /** As {@link #header()}, header fields read by their names in {@code spelling}. */
    public HeaderReader header(HeaderSpelling spelling) {
        return new HeaderReader(extFields, spelling);
    }

    /**
     * The body, an empty array when there is none. Shared, do not modify. A body given as
     * {@linkplain Builder#bodyViews views} is copied into a new array on each call: meant for tests and
     * tools, the encoder sends the views themselves.
     */
    public byte[] body() {
        if (body != null) {
            return body;
        }
        byte[] copy = new byte[bodyLength];
        int at = 0;
        for (ByteBuffer view : bodyViews) {
            int length = view.remaining();
            view.get(view.position(), copy, at, length);
            at += length;
        }
        return copy;
    }

    /** The body's size in bytes. */
    public int bodyLength() {
        return bodyLength;
    }

    /** The body's buffers in order, or {@code null} when the body is an array ({@link #body()}). */
    List<ByteBuffer> bodyViews() {
        return bodyViews;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof RemotingCommand that)) {
            return false;
        }
        return code == that.code && version == that.version && opaque == that.opaque && flag == that.flag
                && language == that.language && Objects.equals(remark, that.remark)
                && extFields.equals(that.extFields) && Arrays.equals(body(), that.body());
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, language, version, opaque, flag, remark, extFields, Arrays.hashCode(body()));
    }

    /** Leaves the body out: bodies are large and may hold user data. */
    @Override
    public String toString() {
        return "RemotingCommand[code=" + code + ", language=" + language + ", version=" + version
                + ", opaque=" + opaque + ", flag=" + flag + ", remark=" + remark
                + ", extFields=" + extFields + ", bodyLength=" + bodyLength + "]";
    }

    /** Builds one command; not thread-safe, use it once. */
    public static final class Builder {

        private final int code;
        private final int opaque;
        private int flag;
        private LanguageCode language = LanguageCode.JAVA;
        private int version = ProtocolVersion.CURRENT;
        private String remark;
        private final Map<String, String> extFields = new LinkedHashMap<>();
        private HeaderSpelling spelling = HeaderSpelling.FULL;
        private byte[] body;
        private List<ByteBuffer> bodyViews;

        private Builder(int code, int opaque, int flag) {
            this.code = code;
            this.opaque = opaque;
            this.flag = flag;
        }

        public Builder language(LanguageCode value) {
            this.language = Objects.requireNonNull(value, "language");
            return this;
        }

        public Builder version(int value) {
            this.version = value;
            return this;
        }

        public Builder remark(String value) {
            this.remark = value;
            return this;
        }

        /** Adds a header field. A {@code null} value is left out, as the official peers leave out null fields. */
        public Builder extField(String name, String value) {
            Objects.requireNonNull(name, "name");
            if (value != null) {
                extFields.put(name, value);
            }
            return this;
        }

        public Builder extField(String name, long value) {
            return extField(name, Long.toString(value));
        }

        public Builder extField(String name, boolean value) {
            return extField(name, Boolean.toString(value));
        }

        /** The spelling of the {@link HeaderField}s added after this call; {@link HeaderSpelling#FULL} at first. */
        public Builder spelling(HeaderSpelling value) {
            this.spelling = Objects.requireNonNull(value, "spelling");
            return this;
        }

        /** Adds a header field under its name in this builder's spelling; a {@code null} value is left out. */
        public Builder extField(HeaderField<String> field, String value) {
            return extField(field.name(spelling), value);
        }

        public Builder extField(HeaderField<Integer> field, int value) {
            return extField(field.name(spelling), value);
        }

        public Builder extField(HeaderField<Long> field, long value) {
            return extField(field.name(spelling), value);
        }

        public Builder extField(HeaderField<Boolean> field, boolean value) {
            return extField(field.name(spelling), value);
        }

        /** Adds every entry, leaving out {@code null} values. */
        public Builder extFields(Map<String, String> fields) {
            fields.forEach(this::extField);
            return this;
        }

        /** Sets the body; the array is shared, not copied. */
        public Builder body(byte[] value) {
            this.body = value;
            this.bodyViews = null;
            return this;
        }

        /**
         * Sets the body to the remaining bytes of these buffers, back to back. Neither the bytes nor the
         * buffers are copied: the encoder writes direct buffers (views of a memory-mapped file) to the
         * socket as they are, so their contents must stay as they are until the command is written, and
         * nobody may move their positions or limits. A buffer is held by plain reference, never retained or
         * released: what backs it must stay valid for as long as the buffer is reachable.
         */
        public Builder bodyViews(List<ByteBuffer> views) {
            this.bodyViews = List.copyOf(views);
            this.body = null;
            return this;
        }

        /** Marks a request oneway. */
        public Builder oneway() {
            this.flag |= ONEWAY_FLAG;
            return this;
        }

        public RemotingCommand build() {
            return new RemotingCommand(code, language, version, opaque, flag, remark,
                    new LinkedHashMap<>(extFields), bodyViews == null && body == null ? NO_BODY : body, bodyViews,
                    SerializeType.JSON);
        }
    }

    private static int totalRemaining(List<ByteBuffer> views) {
        long total = 0;
        for (ByteBuffer view : views) {
            total += view.remaining();
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a body of " + total + " bytes is over the frame's limit");
        }
        return (int) total;
    }
}
