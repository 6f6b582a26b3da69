package io.hexmq.application.consumer;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.filter.Sql92ParseException;
import java.util.Objects;

/**
 * A consumer asks, when it starts, whether this broker accepts one of its subscriptions
 * (CHECK_CLIENT_CONFIG; the official client asks only for SQL92 subscriptions, and refuses to start on
 * a refusal). Answers as RocketMQ does: a TAG subscription (or none) is accepted; any other type needs
 * {@code enablePropertyFilter} (else {@link Status#FILTER_NOT_SUPPORTED}); an SQL92 expression must
 * compile (else {@link Status#SUBSCRIPTION_PARSE_FAILED} with the parser's reason, column included).
 * Stateless: nothing is recorded; the heartbeat that follows records the subscription.
 */
public final class CheckClientConfig {

    /**
     * @param group          the consumer group, for the record; may be null
     * @param clientId       the asking client, for the record; may be null
     * @param expressionType {@code TAG}, {@code SQL92} or null (TAG); null when the body has no subscription
     * @param expression     the subscription's expression; may be null
     */
    public record Command(String group, String clientId, String expressionType, String expression) {
    }

    public enum Status {
        ACCEPTED,
        /** Property filtering is off on this broker (RocketMQ answers SYSTEM_ERROR). */
        FILTER_NOT_SUPPORTED,
        SUBSCRIPTION_PARSE_FAILED
    }

    /** @param remark why it was refused; empty when accepted */
    public record Result(Status status, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
        }
    }

    private final LiveBrokerSettings settings;

    public CheckClientConfig(LiveBrokerSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result check(Command command) {
        String type = command.expressionType();
        if (type == null || type.isEmpty() || ExpressionType.TAG.name().equals(type)) {
            return new Result(Status.ACCEPTED, "");
        }
        if (!settings.get().enablePropertyFilter()) {
            return new Result(Status.FILTER_NOT_SUPPORTED,
                    "The broker does not support consumer to filter message by " + type);
        }
        if (!ExpressionType.SQL92.name().equalsIgnoreCase(type)) {
            return new Result(Status.SUBSCRIPTION_PARSE_FAILED,
                    "unsupported expression type " + type + "; this broker filters by TAG or SQL92");
        }
        try {
            Sql92Filter.compile(command.expression());
            return new Result(Status.ACCEPTED, "");
        } catch (Sql92ParseException e) {
            return new Result(Status.SUBSCRIPTION_PARSE_FAILED, e.getMessage());
        }
    }
}
