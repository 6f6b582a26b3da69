package io.hexmq.domain.auth;

/** What a request does to a resource, with ACL 2.0's names ({@code Pub}, {@code Sub}, ..., {@code All}). */
public enum Action {
    PUB("Pub"), SUB("Sub"), CREATE("Create"), UPDATE("Update"), DELETE("Delete"), GET("Get"), LIST("List"),
    ALL("All");

    private final String text;

    Action(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    /** Whether granting or denying this action concerns {@code needed}: ALL concerns every action. */
    public boolean covers(Action needed) {
        return this == ALL || this == needed;
    }

    /** The action {@code text} names, in any case. */
    public static Action parse(String text) {
        for (Action action : values()) {
            if (text != null && action.text.equalsIgnoreCase(text.trim())) {
                return action;
            }
        }
        throw new InvalidAuthDataException("unknown action '" + text + "'; expected one of Pub, Sub, Create,"
                + " Update, Delete, Get, List, All");
    }
}
