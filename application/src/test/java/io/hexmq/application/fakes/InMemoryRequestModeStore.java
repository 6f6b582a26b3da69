package io.hexmq.application.fakes;

import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.RequestModeStore;
import java.util.List;

/** A {@link RequestModeStore} in memory: the last saved settings. */
public final class InMemoryRequestModeStore extends InMemoryValue<List<RequestModes.Entry>>
        implements RequestModeStore {

    public InMemoryRequestModeStore() {
        super(List.of());
    }
}
