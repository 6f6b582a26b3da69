package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The compact ROCKETMQ binary header (serialize type 1), big-endian:
 *
 * <pre>
 * +--------+----------+---------+--------+--------+-------------------+----------------------+
 * | code   | language | version | opaque | flag   | remark            | extFields            |
 * | short  | byte     | short   | int    | int    | int len + UTF-8   | int len + entries    |
 * +--------+----------+---------+--------+--------+-------------------+----------------------+
 * entry = short keyLength, key UTF-8, int valueLength, value UTF-8
 * </pre>
 *
 * <p>A zero length reads as {@code null}; an entry with a null key or value is dropped, as the
 * official writer never writes one. Code and version are signed shorts, so codes above 32767 (5.x POP)
 * do not survive this format, exactly as with the official peers. Some clients are configured to send
 * it; hexmq answers such a request in it too, and writes everything else in JSON.
 */
final class BinaryHeaderCodec {

    private BinaryHeaderCodec() {
    }

    /** Appends the header to {@code out} and returns its length in bytes. */
    static int write(RemotingCommand command, ByteBuf out) {
        int start = out.writerIndex();
        out.writeShort(command.code());
        out.writeByte(command.language().code());
        out.writeShort(command.version());
        out.writeInt(command.opaque());
        out.writeInt(command.flag());
        writeIntLengthString(out, command.remark());
        int mapLengthIndex = out.writerIndex();
        out.writeInt(0);
        for (Map.Entry<String, String> field : command.extFields().entrySet()) {
            byte[] key = field.getKey().getBytes(StandardCharsets.UTF_8);
            byte[] value = field.getValue().getBytes(StandardCharsets.UTF_8);
            out.writeShort(key.length);
            out.writeBytes(key);
            out.writeInt(value.length);
            out.writeBytes(value);
        }
        out.setInt(mapLengthIndex, out.writerIndex() - mapLengthIndex - Integer.BYTES);
        return out.writerIndex() - start;
    }

    private static void writeIntLengthString(ByteBuf out, String value) {
        if (value == null) {
            out.writeInt(0);
            return;
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.writeBytes(bytes);
    }

    /** Parses {@code header}, which holds exactly the header bytes. */
    static RemotingCommand read(ByteBuf header, byte[] body) {
        try {
            int code = header.readShort();
            LanguageCode language = LanguageCode.fromCode(header.readByte());
            int version = header.readShort();
            int opaque = header.readInt();
            int flag = header.readInt();
            String remark = readString(header, header.readInt(), "remark");
            Map<String, String> extFields = readExtFields(header);
            return new RemotingCommand(code, language, version, opaque, flag, remark, extFields, body);
        } catch (IndexOutOfBoundsException e) {
            throw new MalformedFrameException("binary header is shorter than its fields say", e);
        }
    }

    private static Map<String, String> readExtFields(ByteBuf header) {
        int mapLength = header.readInt();
        if (mapLength < 0 || mapLength > header.readableBytes()) {
            throw new MalformedFrameException("binary header field map length " + mapLength
                    + " does not fit the " + header.readableBytes() + " bytes left");
        }
        ByteBuf map = header.readSlice(mapLength);
        Map<String, String> extFields = new LinkedHashMap<>();
        while (map.isReadable()) {
            String key = readString(map, map.readShort(), "key");
            String value = readString(map, map.readInt(), "value");
            if (key != null && value != null) {
                extFields.put(key, value);
            }
        }
        return extFields;
    }

    private static String readString(ByteBuf in, int length, String what) {
        if (length < 0 || length > in.readableBytes()) {
            throw new MalformedFrameException("binary header " + what + " length " + length
                    + " does not fit the " + in.readableBytes() + " bytes left");
        }
        if (length == 0) {
            return null;
        }
        String value = in.toString(in.readerIndex(), length, StandardCharsets.UTF_8);
        in.skipBytes(length);
        return value;
    }
}
