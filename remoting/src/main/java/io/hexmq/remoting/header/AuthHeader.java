package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * ACL 2.0's admin headers. The user codes (AUTH_CREATE_USER 3001 ... AUTH_GET_USER 3004) name the user, which
 * AUTH_LIST_USER (3005) filters by; the ACL codes (AUTH_CREATE_ACL 3006 ... AUTH_GET_ACL 3009) name the subject
 * ({@code User:name}), AUTH_DELETE_ACL one resource of it or, without one, all of them; AUTH_LIST_ACL (3010)
 * filters by subject and resource. A filter left out matches everything.
 */
public final class AuthHeader {

    public static final HeaderField<String> USERNAME = requiredString("username");
    public static final HeaderField<String> FILTER = optionalString("filter", "");
    public static final HeaderField<String> SUBJECT = requiredString("subject");
    public static final HeaderField<String> RESOURCE = optionalString("resource", "");
    public static final HeaderField<String> SUBJECT_FILTER = optionalString("subjectFilter", "");
    public static final HeaderField<String> RESOURCE_FILTER = optionalString("resourceFilter", "");

    private AuthHeader() {
    }
}
