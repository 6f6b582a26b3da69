package io.hexmq.adapters.netty.settings;

import io.hexmq.application.settings.SettingsUpdate;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;

/**
 * How RocketMQ answers a change of settings at run time (UPDATE_BROKER_CONFIG, UPDATE_NAMESRV_CONFIG): a
 * black-listed key NO_PERMISSION with RocketMQ's remark; a setting fixed at start NO_PERMISSION too, naming
 * it; an unknown key or a bad value SYSTEM_ERROR, which is how RocketMQ answers input it cannot use.
 */
public final class SettingsUpdateAnswers {

    /** The official remark, which scripts around mqadmin may match on. */
    public static final String BLACK_LISTED_REMARK = "Can not update config in black list.";

    private SettingsUpdateAnswers() {
    }

    public static RemotingCommand answer(RemotingCommand request, SettingsUpdate.Outcome outcome) {
        if (outcome.applied()) {
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build();
        }
        return switch (outcome.refusal()) {
            case BLACK_LISTED -> refusal(request, ResponseCode.NO_PERMISSION, BLACK_LISTED_REMARK);
            case FIXED_AT_START -> refusal(request, ResponseCode.NO_PERMISSION, outcome.reason());
            case UNKNOWN_KEY, INVALID_VALUE -> refusal(request, ResponseCode.SYSTEM_ERROR, outcome.reason());
        };
    }

    private static RemotingCommand refusal(RemotingCommand request, int code, String remark) {
        return RemotingCommand.responseTo(request, code).remark(remark).build();
    }
}
