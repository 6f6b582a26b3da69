package io.hexmq.remoting.protocol;

/**
 * The implementation language a peer announces in every command. JSON headers carry the enum
 * {@linkplain #name() name}, ROCKETMQ binary headers carry the {@linkplain #code() byte}.
 */
public enum LanguageCode {
    JAVA(0),
    CPP(1),
    DOTNET(2),
    PYTHON(3),
    DELPHI(4),
    ERLANG(5),
    RUBY(6),
    OTHER(7),
    HTTP(8),
    GO(9),
    PHP(10),
    OMS(11),
    RUST(12),
    NODE_JS(13);

    private static final LanguageCode[] BY_CODE = values();

    private final byte code;

    LanguageCode(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** A byte no known language uses maps to {@link #OTHER}: a newer peer must not lose its connection over it. */
    public static LanguageCode fromCode(byte code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : OTHER;
    }

    /** Like {@link #fromCode(byte)}, an unknown name maps to {@link #OTHER}. */
    public static LanguageCode fromName(String name) {
        for (LanguageCode language : BY_CODE) {
            if (language.name().equals(name)) {
                return language;
            }
        }
        return OTHER;
    }
}
