package io.hexmq.domain.auth.plain;

import io.hexmq.domain.auth.InvalidAuthDataException;

/**
 * What an ACL 1.0 account may do with a topic or a group, as {@code plain_acl.yml} spells it: {@code DENY},
 * {@code PUB}, {@code SUB} or {@code PUB|SUB} ({@code SUB|PUB} reads the same). DENY refuses everything, even
 * what another permission would allow.
 */
public enum PlainPerm {
    DENY("DENY", false, false), PUB("PUB", true, false), SUB("SUB", false, true), PUB_SUB("PUB|SUB", true, true);

    private final String text;
    private final boolean pub;
    private final boolean sub;

    PlainPerm(String text, boolean pub, boolean sub) {
        this.text = text;
        this.pub = pub;
        this.sub = sub;
    }

    public String text() {
        return text;
    }

    /** Whether this permission lets a request that needs {@code need} through. */
    public boolean allows(PlainNeed need) {
        return switch (need) {
            case PUB -> pub;
            case SUB -> sub;
            case ANY -> pub || sub;
        };
    }

    /**
     * The permission {@code text} names, as a broker reads its file: none, or a word it does not know, is
     * DENY, so a typo closes rather than opens.
     */
    public static PlainPerm readLeniently(String text) {
        if (text == null) {
            return DENY;
        }
        for (PlainPerm perm : values()) {
            if (perm.text.equals(text.trim())) {
                return perm;
            }
        }
        return "SUB|PUB".equals(text.trim()) ? PUB_SUB : DENY;
    }

    /** The permission {@code text} names, as an admin request must name it. */
    public static PlainPerm parse(String text) {
        PlainPerm perm = readLeniently(text);
        if (perm == DENY && (text == null || !DENY.text.equals(text.trim()))) {
            throw new InvalidAuthDataException("permission '" + text + "' is none of DENY, PUB, SUB, PUB|SUB");
        }
        return perm;
    }
}
