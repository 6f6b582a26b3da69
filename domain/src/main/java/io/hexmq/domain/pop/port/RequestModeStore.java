package io.hexmq.domain.pop.port;

import io.hexmq.domain.pop.RequestModes;
import java.util.List;

/**
 * Durable home of the request modes set for groups on topics (SET_MESSAGE_REQUEST_MODE), so broker-side
 * assignment answers the same after a restart.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns exactly what
 * was saved last (each save replaces everything: an absolute value). Cost: one small synchronous write per
 * save; modes change at an admin's pace. Callers serialise their saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface RequestModeStore {

    /** The settings saved last; empty when nothing was ever saved. */
    List<RequestModes.Entry> load();

    /** Replaces what is stored with {@code entries}, durably, before returning. */
    void save(List<RequestModes.Entry> entries);
}
