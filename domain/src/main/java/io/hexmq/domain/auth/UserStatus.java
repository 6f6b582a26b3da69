package io.hexmq.domain.auth;

/** A disabled user is refused at authentication, whatever it signs with. */
public enum UserStatus {
    ENABLE("enable"), DISABLE("disable");

    private final String text;

    UserStatus(String text) {
        this.text = text;
    }

    /** RocketMQ's name: {@code enable}, {@code disable}. */
    public String text() {
        return text;
    }

    public static UserStatus parse(String text) {
        for (UserStatus status : values()) {
            if (text != null && status.text.equalsIgnoreCase(text.trim())) {
                return status;
            }
        }
        throw new InvalidAuthDataException("unknown user status '" + text + "'; expected enable or disable");
    }
}
