package io.hexmq.application.pop;

import io.hexmq.domain.time.port.Clock;
import java.util.List;
import java.util.Objects;

/**
 * A consumer or a tool looks at the messages a POP would hand out (PEEK_MESSAGE), without handing them
 * out: no checkpoint, the offsets stay. Refused as a POP is ({@link PopAdmission}); found messages answer
 * FOUND, none NO_MESSAGE (PULL_NOT_FOUND).
 */
public final class PeekMessages {

    /** @param queueId one queue, or -1 for every read queue of the topic */
    public record Command(String consumerGroup, String topic, int queueId, int maxMsgNums) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final PopAdmission admission;
    private final QueueWalk walk;
    private final Clock clock;

    public PeekMessages(PopAdmission admission, QueueWalk walk, Clock clock) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.walk = Objects.requireNonNull(walk, "walk");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public PopMessages.Result peek(Command command) {
        PopAdmission.Admitted admitted = admission.admit(new PopAdmission.Request(command.consumerGroup(),
                command.topic(), command.queueId(), command.maxMsgNums(), 0, PopRound.INIT_MODE_MIN, false, null,
                null, null));
        if (admitted.target() == null) {
            return new PopMessages.Result(admitted.refusal(), admitted.remark(), clock.millis(), 0, false, 0,
                    List.of(), List.of());
        }
        PopRound round = walk.walk(admitted.target(), false);
        return new PopMessages.Result(round.found() ? PopMessages.Status.FOUND : PopMessages.Status.NO_MESSAGE, "",
                round.popTime(), 0, false, round.rest(), round.queues(), round.messages());
    }
}
