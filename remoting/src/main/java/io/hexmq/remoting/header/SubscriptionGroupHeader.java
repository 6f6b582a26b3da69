package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/** DELETE_SUBSCRIPTIONGROUP (207): the {@code groupName} to delete, as the official admin names it. */
public final class SubscriptionGroupHeader {

    public static final HeaderField<String> GROUP_NAME = requiredString("groupName");

    private SubscriptionGroupHeader() {
    }
}
