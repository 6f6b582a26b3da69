package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.body.AdminJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.concurrent.CompletableFuture;

/**
 * CHECK_ROCKSDB_CQ_WRITE_PROGRESS (354, {@code mqadmin checkRocksdbCqWriteProgress}): header topic and
 * checkStoreTime. RocketMQ compares its RocksDB consume queues with its file ones, and a broker that keeps only one
 * kind finds there is nothing to compare. hexmq keeps no RocksDB consume queue, so it answers that result at once:
 * SUCCESS with a CheckRocksdbCqWriteResult of CHECK_OK.
 */
public final class CheckRocksdbCqWriteProgressHandler implements RequestHandler {

    static final String NOTHING_TO_CHECK = "hexmq keeps no RocksDB consume queue, no need check";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request).body(AdminJson.cqWriteCheck(
                new AdminJson.CqWriteCheck(NOTHING_TO_CHECK, AdminJson.CqWriteCheck.CHECK_OK))));
    }
}
