package io.hexmq.domain.auth;

/** The kinds of resources ACL 2.0 guards, with its names. */
public enum ResourceType {
    CLUSTER("Cluster"), NAMESPACE("Namespace"), TOPIC("Topic"), GROUP("Group");

    private final String text;

    ResourceType(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    static ResourceType parse(String text) {
        for (ResourceType type : values()) {
            if (text != null && type.text.equalsIgnoreCase(text.trim())) {
                return type;
            }
        }
        throw new InvalidAuthDataException("unknown resource type '" + text
                + "'; expected Cluster, Namespace, Topic or Group");
    }
}
