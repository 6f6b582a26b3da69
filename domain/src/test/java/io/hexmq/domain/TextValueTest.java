package io.hexmq.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.InvalidRouteDataException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TextValueTest {

    @Test
    void textValuesOrderByTheirText_asRocketMqSortsThem() {
        List<ClientId> sorted = Stream.of("10.0.0.2@b", "10.0.0.10@a", "10.0.0.1@c").map(ClientId::new).sorted()
                .toList();

        assertThat(sorted).extracting(ClientId::value).containsExactly("10.0.0.10@a", "10.0.0.1@c", "10.0.0.2@b");
    }

    @Test
    void blankText_isRefusedWithTheValuesOwnException_andNullWithANullPointerException() {
        assertThatThrownBy(() -> new BrokerName(" ")).isInstanceOf(InvalidRouteDataException.class)
                .hasMessage("broker name must not be blank");
        assertThatThrownBy(() -> new BrokerName(null)).isInstanceOf(NullPointerException.class);
    }
}
