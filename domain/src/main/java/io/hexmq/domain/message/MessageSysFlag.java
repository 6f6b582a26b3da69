package io.hexmq.domain.message;

/**
 * The SYSFLAG bits of a stored message (protocol.md §3.3). Plain int masks because the flag travels
 * as an int on the wire and in the commit log.
 */
public final class MessageSysFlag {

    public static final int COMPRESSED = 0x1;
    public static final int MULTI_TAGS = 0x2;
    public static final int TRANSACTION_NOT_TYPE = 0x0;
    public static final int TRANSACTION_PREPARED_TYPE = 0x4;
    public static final int TRANSACTION_COMMIT_TYPE = 0x8;
    public static final int TRANSACTION_ROLLBACK_TYPE = 0xC;
    public static final int TRANSACTION_MASK = 0xC;
    public static final int BORNHOST_V6 = 0x10;
    public static final int STOREHOST_V6 = 0x20;
    public static final int NEED_UNWRAP = 0x40;
    public static final int INNER_BATCH = 0x80;
    public static final int COMPRESSION_TYPE_MASK = 0x700;

    private MessageSysFlag() {
    }

    public static int transactionType(int sysFlag) {
        return sysFlag & TRANSACTION_MASK;
    }

    /**
     * Half (prepared) and rollback messages are kept in the commit log but never enter their
     * topic's consume queue, and they carry queue offset 0.
     */
    public static boolean isHiddenFromConsumeQueue(int sysFlag) {
        int type = transactionType(sysFlag);
        return type == TRANSACTION_PREPARED_TYPE || type == TRANSACTION_ROLLBACK_TYPE;
    }

    public static boolean bornHostIsV6(int sysFlag) {
        return (sysFlag & BORNHOST_V6) != 0;
    }

    public static boolean storeHostIsV6(int sysFlag) {
        return (sysFlag & STOREHOST_V6) != 0;
    }
}
