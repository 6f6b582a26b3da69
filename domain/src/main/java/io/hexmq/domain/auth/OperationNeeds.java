package io.hexmq.domain.auth;

/**
 * What an admin operation needs a user's policies to allow, whichever way it arrives (a request code, the web
 * console): each defined here once.
 */
public final class OperationNeeds {

    private OperationNeeds() {
    }

    /** Creating a topic or changing its config (UPDATE_AND_CREATE_TOPIC). */
    public static AccessNeed createOrUpdateTopic(String topic) {
        return AccessNeed.of(Resource.topic(nonNull(topic)), Action.CREATE, Action.UPDATE);
    }

    /** Deleting a topic (DELETE_TOPIC_IN_BROKER, DELETE_TOPIC_IN_NAMESRV). */
    public static AccessNeed deleteTopic(String topic) {
        return AccessNeed.of(Resource.topic(nonNull(topic)), Action.DELETE);
    }

    /** Moving a group's committed offsets by hand: a reset or a clone into it. */
    public static AccessNeed changeGroupOffsets(String group) {
        return AccessNeed.of(Resource.group(nonNull(group)), Action.UPDATE);
    }

    /** Looking messages of a topic up by key or id (QUERY_MESSAGE). */
    public static AccessNeed queryMessages(String topic) {
        return AccessNeed.of(Resource.topic(nonNull(topic)), Action.SUB, Action.GET);
    }

    private static String nonNull(String name) {
        return name == null ? "" : name;
    }
}
