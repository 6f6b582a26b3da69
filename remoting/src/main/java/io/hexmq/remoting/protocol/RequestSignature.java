package io.hexmq.remoting.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a request is signed, as the official client's {@code AclClientRPCHook} signs it and both ACL
 * versions verify it: the {@value #ACCESS_KEY} field names the user, the {@value #SIGNATURE} field
 * carries the Base64 text of an HmacSHA1, keyed with the user's secret (UTF-8), over
 *
 * <pre>
 *   value(field 1) value(field 2) ... value(field n)   the ext fields' values, without their names, in
 *                                                       the order of their names (String order), the
 *                                                       Signature field left out, all as UTF-8
 *   body                                                the body's bytes, when there is one
 * </pre>
 *
 * The access key is one of the signed fields (it is set before signing). Clients up to 4.9.3 add
 * {@value #UNIQUE_KEY_QUERY} after signing, so that field is left out of theirs. The one definition the
 * SDK signs with and the servers verify with.
 */
public final class RequestSignature {

    public static final String ACCESS_KEY = "AccessKey";
    public static final String SIGNATURE = "Signature";
    /** Optional, signed like any other field when a client sends it. */
    public static final String SECURITY_TOKEN = "SecurityToken";
    static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";

    private static final String ALGORITHM = "HmacSHA1";

    private RequestSignature() {
    }

    /** {@code request} with the {@value #ACCESS_KEY} of {@code credentials} and its signature added. */
    public static RemotingCommand signed(RemotingCommand request, Credentials credentials) {
        RemotingCommand withKey = request.toBuilder().extField(ACCESS_KEY, credentials.accessKey()).build();
        return withKey.toBuilder()
                .extField(SIGNATURE, compute(withKey, credentials.secretKey()))
                .build();
    }

    /**
     * Whether {@code request}'s {@value #SIGNATURE} is the one {@code secret} gives its content; false when it
     * has none. The comparison takes the same time wherever the texts differ.
     */
    public static boolean verifies(RemotingCommand request, String secret) {
        String given = request.extFields().get(SIGNATURE);
        if (given == null) {
            return false;
        }
        byte[] expected = compute(request, secret).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8));
    }

    /** The signature of {@code request}'s content under {@code secret}, as Base64 text. */
    static String compute(RemotingCommand request, String secret) {
        Mac mac = mac(secret);
        mac.update(signedFieldValues(request).getBytes(StandardCharsets.UTF_8));
        List<ByteBuffer> views = request.bodyViews();
        if (views == null) {
            mac.update(request.body());
        } else {
            for (ByteBuffer view : views) {
                mac.update(view.duplicate());
            }
        }
        return Base64.getEncoder().encodeToString(mac.doFinal());
    }

    private static String signedFieldValues(RemotingCommand request) {
        boolean unsignedUniqueKeyQuery = request.version() <= ProtocolVersion.V4_9_3;
        StringBuilder values = new StringBuilder();
        for (Map.Entry<String, String> field : new TreeMap<>(request.extFields()).entrySet()) {
            String name = field.getKey();
            if (!SIGNATURE.equals(name) && !(unsignedUniqueKeyQuery && UNIQUE_KEY_QUERY.equals(name))) {
                values.append(field.getValue());
            }
        }
        return values.toString();
    }

    private static Mac mac(String secret) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return mac;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            // Every JDK has HmacSHA1; an empty secret is the only key it refuses, and users have none.
            throw new IllegalStateException("cannot sign with " + ALGORITHM + ": " + e.getClass().getSimpleName(), e);
        }
    }
}
