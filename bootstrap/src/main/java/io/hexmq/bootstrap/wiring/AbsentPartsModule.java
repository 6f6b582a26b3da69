package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.CheckRocksdbCqWriteProgressHandler;
import io.hexmq.adapters.netty.broker.GetBrokerEpochCacheHandler;
import io.hexmq.adapters.netty.broker.GetBrokerLiteInfoHandler;
import io.hexmq.adapters.netty.broker.GetColdDataFlowCtrInfoHandler;
import io.hexmq.adapters.netty.broker.PopRollbackHandler;
import io.hexmq.adapters.netty.broker.RemoveColdDataFlowCtrConfigHandler;
import io.hexmq.adapters.netty.broker.SetCommitLogReadModeHandler;
import io.hexmq.adapters.netty.broker.SwitchTimerEngineHandler;
import io.hexmq.adapters.netty.broker.UpdateColdDataFlowCtrConfigHandler;
import io.hexmq.remoting.protocol.RequestCode;

/**
 * The admin codes about parts of a RocketMQ broker hexmq does not have (a controller, cold-read flow control,
 * read-ahead advice, a second timer engine, lite topics, RocksDB stores): each answers as a RocketMQ broker without
 * that part answers, a refusal whose remark names what is missing, or SUCCESS where such a broker has nothing to do.
 * Without them the official admin would print REQUEST_CODE_NOT_SUPPORTED, which says nothing of why.
 *
 * <p>Installed by {@link BrokerModule}.
 */
final class AbsentPartsModule extends AbstractModule {

    @ProvidesIntoSet
    HandlerBinding brokerEpochCache() {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_EPOCH_CACHE, new GetBrokerEpochCacheHandler());
    }

    @ProvidesIntoSet
    HandlerBinding updateColdDataFlowCtrConfig() {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG,
                new UpdateColdDataFlowCtrConfigHandler());
    }

    @ProvidesIntoSet
    HandlerBinding removeColdDataFlowCtrConfig() {
        return HandlerBinding.onAdminThreads(RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG,
                new RemoveColdDataFlowCtrConfigHandler());
    }

    @ProvidesIntoSet
    HandlerBinding coldDataFlowCtrInfo() {
        return HandlerBinding.onAdminThreads(RequestCode.GET_COLD_DATA_FLOW_CTR_INFO, new GetColdDataFlowCtrInfoHandler());
    }

    @ProvidesIntoSet
    HandlerBinding commitLogReadMode() {
        return HandlerBinding.onAdminThreads(RequestCode.SET_COMMITLOG_READ_MODE, new SetCommitLogReadModeHandler());
    }

    @ProvidesIntoSet
    HandlerBinding switchTimerEngine() {
        return HandlerBinding.onAdminThreads(RequestCode.SWITCH_TIMER_ENGINE, new SwitchTimerEngineHandler());
    }

    @ProvidesIntoSet
    HandlerBinding brokerLiteInfo() {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_LITE_INFO, new GetBrokerLiteInfoHandler());
    }

    @ProvidesIntoSet
    HandlerBinding rocksdbCqWriteProgress() {
        return HandlerBinding.onAdminThreads(RequestCode.CHECK_ROCKSDB_CQ_WRITE_PROGRESS,
                new CheckRocksdbCqWriteProgressHandler());
    }

    @ProvidesIntoSet
    HandlerBinding popRollback() {
        return HandlerBinding.onAdminThreads(RequestCode.POP_ROLLBACK, new PopRollbackHandler());
    }
}
