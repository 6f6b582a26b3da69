package io.hexmq.remoting.protocol;

/** How the header of a frame is encoded; the value travels in the high byte of the header mark. */
enum SerializeType {
    JSON(0),
    ROCKETMQ(1);

    private final int code;

    SerializeType(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }

    static SerializeType fromCode(int code) {
        for (SerializeType type : values()) {
            if (type.code == code) {
                return type;
            }
        }
        throw new MalformedFrameException("unknown header serialize type " + code);
    }
}
