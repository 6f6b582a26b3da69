package io.hexmq.domain.auth;

/** What a policy entry says about the requests it applies to; a Deny wins over any Allow. */
public enum Decision {
    ALLOW("Allow"), DENY("Deny");

    private final String text;

    Decision(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static Decision parse(String text) {
        for (Decision decision : values()) {
            if (text != null && decision.text.equalsIgnoreCase(text.trim())) {
                return decision;
            }
        }
        throw new InvalidAuthDataException("unknown decision '" + text + "'; expected Allow or Deny");
    }
}
