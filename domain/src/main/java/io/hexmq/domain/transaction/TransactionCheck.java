package io.hexmq.domain.transaction;

import java.util.Objects;

/**
 * One CHECK_TRANSACTION_STATE for a producer (protocol.md §2.3.5): "what became of this transaction?"
 *
 * @param brokerName           this broker's name ({@code bname})
 * @param realTopic            the topic the message is meant for
 * @param tranStateTableOffset queue offset of the half message (the copy just put back) in the half topic
 * @param commitLogOffset      its commit-log offset
 * @param msgId                the message's UNIQ_KEY
 * @param transactionId        the transaction id (the UNIQ_KEY as well)
 * @param offsetMsgId          the offset message id of the half message
 * @param body                 the half message in store encoding, with topic and queue set back to the real ones
 */
public record TransactionCheck(
        String brokerName,
        String realTopic,
        long tranStateTableOffset,
        long commitLogOffset,
        String msgId,
        String transactionId,
        String offsetMsgId,
        byte[] body) {

    public TransactionCheck {
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(realTopic, "realTopic");
        Objects.requireNonNull(offsetMsgId, "offsetMsgId");
        Objects.requireNonNull(body, "body");
    }
}
