package io.hexmq.client.internal.route;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.remoting.protocol.RemotingCommand;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The NameServer list with failover: requests go to the NameServer that answered last; when it
 * cannot be reached (connection failure or timeout, not a refusal), the next one in the list is
 * tried, until each has been tried once.
 */
public final class NameServers {

    private final List<String> addresses;
    private final Rpc rpc;
    private final AtomicInteger current = new AtomicInteger();

    public NameServers(List<String> addresses, Rpc rpc) {
        this.addresses = List.copyOf(addresses);
        this.rpc = rpc;
    }

    public List<String> addresses() {
        return addresses;
    }

    /** The response of the first NameServer that answers, whatever its code. */
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        return attempt(request, timeoutMillis, current.get(), 0);
    }

    private CompletableFuture<RemotingCommand> attempt(RemotingCommand request, long timeoutMillis, int index,
                                                       int tried) {
        int at = Math.floorMod(index, addresses.size());
        return rpc.invoke(addresses.get(at), request, timeoutMillis).handle((response, failure) -> {
            if (failure == null) {
                current.set(at);
                return CompletableFuture.completedFuture(response);
            }
            HexmqClientException cause = Rpc.asClientException(failure);
            boolean unreachable = cause.responseCode() == HexmqClientException.CONNECTION_FAILED
                    || cause.responseCode() == HexmqClientException.TIMEOUT;
            if (unreachable && tried + 1 < addresses.size()) {
                return attempt(request, timeoutMillis, at + 1, tried + 1);
            }
            return CompletableFuture.<RemotingCommand>failedFuture(cause);
        }).thenCompose(next -> next);
    }
}
