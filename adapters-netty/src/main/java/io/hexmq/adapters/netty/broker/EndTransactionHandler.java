package io.hexmq.adapters.netty.broker;

import io.hexmq.application.transaction.EndTransaction;
import io.hexmq.remoting.header.EndTransactionHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.InvalidHeaderFieldException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * END_TRANSACTION (37), oneway from the producer (protocol.md §2.3.4): header producerGroup,
 * tranStateTableOffset, commitLogOffset, commitOrRollback (0 unknown, 8 commit, 12 rollback),
 * fromTransactionCheck, msgId. Answers SUCCESS, SLAVE_NOT_AVAILABLE on a slave, MESSAGE_ILLEGAL when the
 * committed message's timer cannot be honoured and SYSTEM_ERROR with a remark when the half message is
 * missing or not the producer's; clients send it oneway and never see it. The answer completes when the
 * store has the committed message and the op record, without holding the handler's thread meanwhile.
 */
public final class EndTransactionHandler implements RequestHandler {

    static final String TRAN_STATE_TABLE_OFFSET = "tranStateTableOffset";
    static final String COMMIT_LOG_OFFSET = "commitLogOffset";
    static final String COMMIT_OR_ROLLBACK = "commitOrRollback";
    static final String FROM_TRANSACTION_CHECK = "fromTransactionCheck";
    static final String MSG_ID = "msgId";

    private final EndTransaction endTransaction;

    public EndTransactionHandler(EndTransaction endTransaction) {
        this.endTransaction = Objects.requireNonNull(endTransaction, "endTransaction");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        EndTransaction.Command command = new EndTransaction.Command(
                header.stringOf(EndTransactionHeader.PRODUCER_GROUP),
                header.requiredLong(TRAN_STATE_TABLE_OFFSET),
                header.requiredLong(COMMIT_LOG_OFFSET),
                decision(header.requiredInt(COMMIT_OR_ROLLBACK)),
                header.optionalBoolean(FROM_TRANSACTION_CHECK, false),
                header.optionalString(MSG_ID).orElse(""));
        return endTransaction.end(command).thenApply(result -> response(request, result)).toCompletableFuture();
    }

    private static RemotingCommand response(RemotingCommand request, EndTransaction.Result result) {
        return switch (result.status()) {
            case COMMITTED, ROLLED_BACK, IGNORED -> Replies.success(request).build();
            case NOT_MASTER -> failure(request, ResponseCode.SLAVE_NOT_AVAILABLE, result.remark());
            case REFUSED, STORE_FAILED -> failure(request, ResponseCode.SYSTEM_ERROR, result.remark());
            case TIMER_ILLEGAL -> failure(request, ResponseCode.MESSAGE_ILLEGAL, result.remark());
        };
    }

    private static RemotingCommand failure(RemotingCommand request, int code, String remark) {
        return RemotingCommand.responseTo(request, code).remark(remark).build();
    }

    private static EndTransaction.Decision decision(int commitOrRollback) {
        return switch (commitOrRollback) {
            case 0 -> EndTransaction.Decision.UNKNOWN;
            case 8 -> EndTransaction.Decision.COMMIT;
            case 12 -> EndTransaction.Decision.ROLLBACK;
            default -> throw new InvalidHeaderFieldException(COMMIT_OR_ROLLBACK, "0, 8 or 12",
                    Integer.toString(commitOrRollback), null);
        };
    }
}
