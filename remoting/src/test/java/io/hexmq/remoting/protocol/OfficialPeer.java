package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;

/**
 * Bridges hexmq's commands and the official {@code rocketmq-remoting} ones, which the tests use as
 * the reference implementation of the wire format.
 */
final class OfficialPeer {

    private OfficialPeer() {
    }

    static org.apache.rocketmq.remoting.protocol.RemotingCommand official(
            RemotingCommand command, org.apache.rocketmq.remoting.protocol.SerializeType type) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(command.code(), null);
        official.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.valueOf(command.language().name()));
        official.setVersion(command.version());
        official.setOpaque(command.opaque());
        official.setFlag(command.flag());
        official.setRemark(command.remark());
        if (!command.extFields().isEmpty()) {
            official.setExtFields(new HashMap<>(command.extFields()));
        }
        official.setBody(command.body().length == 0 ? null : command.body());
        official.setSerializeTypeCurrentRPC(type);
        return official;
    }

    /** hexmq's command with the fields of an official one, header fields in the official map's order. */
    static RemotingCommand hexmq(org.apache.rocketmq.remoting.protocol.RemotingCommand official) {
        Map<String, String> extFields = new LinkedHashMap<>();
        if (official.getExtFields() != null) {
            official.getExtFields().forEach((key, value) -> {
                if (value != null) {
                    extFields.put(key, value);
                }
            });
        }
        return new RemotingCommand(official.getCode(), LanguageCode.fromName(official.getLanguage().name()),
                official.getVersion(), official.getOpaque(), official.getFlag(), official.getRemark(),
                extFields, official.getBody());
    }

    /** The official encoder's frame, length field included. */
    static byte[] officialFrame(org.apache.rocketmq.remoting.protocol.RemotingCommand official) {
        ByteBuffer encoded = official.encode();
        byte[] frame = new byte[encoded.remaining()];
        encoded.get(frame);
        return frame;
    }

    /** The frame the official Netty encoder writes (header via fastEncodeHeader, then the body). */
    static byte[] officialNettyFrame(org.apache.rocketmq.remoting.protocol.RemotingCommand official) {
        ByteBuf out = Unpooled.buffer();
        try {
            official.fastEncodeHeader(out);
            if (official.getBody() != null) {
                out.writeBytes(official.getBody());
            }
            byte[] frame = new byte[out.readableBytes()];
            out.readBytes(frame);
            return frame;
        } finally {
            out.release();
        }
    }

    /** The official decoder applied to a whole frame (it expects the length field stripped). */
    static org.apache.rocketmq.remoting.protocol.RemotingCommand officialDecode(byte[] frame)
            throws RemotingCommandException {
        return org.apache.rocketmq.remoting.protocol.RemotingCommand.decode(
                ByteBuffer.wrap(frame, FrameLayout.LENGTH_SIZE, frame.length - FrameLayout.LENGTH_SIZE));
    }

    static byte[] hexmqFrame(RemotingCommand command, SerializeType type) {
        ByteBuf out = Unpooled.buffer();
        try {
            FrameCodec.encode(command, type, out);
            byte[] frame = new byte[out.readableBytes()];
            out.readBytes(frame);
            return frame;
        } finally {
            out.release();
        }
    }

    static RemotingCommand hexmqDecode(byte[] frame) {
        ByteBuf in = Unpooled.wrappedBuffer(frame, FrameLayout.LENGTH_SIZE, frame.length - FrameLayout.LENGTH_SIZE);
        try {
            return FrameCodec.decode(in);
        } finally {
            in.release();
        }
    }
}
