package io.hexmq.application.auth;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.AuthDirectory;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * An admin lists policies (AUTH_LIST_ACL, AUTH_GET_ACL): those of users whose name contains
 * {@code subjectFilter}, keeping the entries whose resource pattern contains {@code resourceFilter}; empty
 * filters keep everything.
 */
public final class ListAcls {

    private final AuthDirectory directory;

    public ListAcls(AuthDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    public List<Acl> list(String subjectFilter, String resourceFilter) {
        String subjectPart = subjectFilter == null ? "" : subjectFilter;
        String resourcePart = resourceFilter == null ? "" : resourceFilter;
        return directory.snapshot().acls().values().stream()
                .filter(acl -> acl.subject().value().contains(subjectPart))
                .map(acl -> new Acl(acl.subject(), acl.entries().stream()
                        .filter(entry -> entry.resource().text().contains(resourcePart)).toList()))
                .sorted(Comparator.comparing(Acl::subject))
                .toList();
    }
}
