package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.SignatureCheck;
import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * A request as ACL 1.0 judges it.
 *
 * @param accessKey   the account it names, {@code null} when none
 * @param signature   whether it was signed with a given secret
 * @param source      the address it comes from
 * @param needs       what it needs of topics and groups (ACL 2.0's needs, read as {@link PlainNeed})
 * @param adminOnly   whether only admin accounts may send it
 * @param requestCode its code, which a refusal names
 */
public record PlainRequest(String accessKey, SignatureCheck signature, InetAddress source, List<AccessNeed> needs,
                           boolean adminOnly, int requestCode) {

    public PlainRequest {
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(source, "source");
        needs = List.copyOf(needs);
    }
}
