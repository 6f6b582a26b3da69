package io.hexmq.domain.auth;

/** A super user passes every authorization check; a normal user only what its policies allow. */
public enum UserType {
    SUPER("Super"), NORMAL("Normal");

    private final String text;

    UserType(String text) {
        this.text = text;
    }

    /** RocketMQ's name: {@code Super}, {@code Normal}. */
    public String text() {
        return text;
    }

    public static UserType parse(String text) {
        for (UserType type : values()) {
            if (text != null && type.text.equalsIgnoreCase(text.trim())) {
                return type;
            }
        }
        throw new InvalidAuthDataException("unknown user type '" + text + "'; expected Super or Normal");
    }
}
