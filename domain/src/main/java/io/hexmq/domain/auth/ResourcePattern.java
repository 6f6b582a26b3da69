package io.hexmq.domain.auth;

/**
 * Which resources a policy entry is about, in ACL 2.0's notation: {@code *} (any resource),
 * {@code Topic:*} (any topic), {@code Topic:order-*} (topics whose names start with {@code order-}),
 * {@code Topic:orders} (that topic only), and the same for {@code Group}, {@code Namespace} and
 * {@code Cluster}; a type without a name ({@code Cluster}) means any of that type.
 *
 * @param type   the type, {@code null} for any
 * @param name   the name, or its prefix; empty for any name
 * @param prefix whether {@code name} is a prefix
 */
public record ResourcePattern(ResourceType type, String name, boolean prefix) {

    private static final String ANY = "*";

    public ResourcePattern {
        if (name == null) {
            throw new InvalidAuthDataException("a resource pattern needs a name, empty for any");
        }
    }

    public static ResourcePattern parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidAuthDataException("a resource must not be blank");
        }
        String trimmed = text.trim();
        if (trimmed.equals(ANY)) {
            return new ResourcePattern(null, "", true);
        }
        int colon = trimmed.indexOf(':');
        ResourceType type = ResourceType.parse(colon < 0 ? trimmed : trimmed.substring(0, colon));
        String name = colon < 0 ? ANY : trimmed.substring(colon + 1);
        if (name.isEmpty()) {
            throw new InvalidAuthDataException("resource '" + text + "' has an empty name");
        }
        if (name.endsWith(ANY)) {
            return new ResourcePattern(type, name.substring(0, name.length() - 1), true);
        }
        return new ResourcePattern(type, name, false);
    }

    public boolean matches(Resource resource) {
        if (type != null && type != resource.type()) {
            return false;
        }
        return prefix ? resource.name().startsWith(name) : resource.name().equals(name);
    }

    /** The pattern in the notation {@link #parse} reads. */
    public String text() {
        if (type == null) {
            return ANY;
        }
        return type.text() + ":" + name + (prefix ? ANY : "");
    }

    @Override
    public String toString() {
        return text();
    }
}
