package io.hexmq.adapters.netty.security;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestGate;
import java.util.List;
import java.util.Optional;

/**
 * Several gates, each of which must let a request through; the first refusal answers. With ACL 2.0 and 1.0 both
 * on, RocketMQ 5.x (up to 5.3.2) runs both checks on every request and a 2.0 refusal is the one the client gets,
 * so the 2.0 gate comes first.
 */
public final class GateChain implements RequestGate {

    private final List<RequestGate> gates;

    public GateChain(List<RequestGate> gates) {
        this.gates = List.copyOf(gates);
    }

    @Override
    public Optional<RemotingCommand> refusal(RemotingCommand request, RequestContext context) {
        for (RequestGate gate : gates) {
            Optional<RemotingCommand> refusal = gate.refusal(request, context);
            if (refusal.isPresent()) {
                return refusal;
            }
        }
        return Optional.empty();
    }
}
