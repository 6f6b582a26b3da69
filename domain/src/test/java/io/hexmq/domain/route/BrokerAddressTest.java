package io.hexmq.domain.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BrokerAddressTest {

    @Test
    void acceptsHostAndPort() {
        assertThat(new BrokerAddress("192.168.0.10:10911").value()).isEqualTo("192.168.0.10:10911");
        assertThat(new BrokerAddress("broker-a.local:65535").value()).endsWith("65535");
    }

    @Test
    void rejectsAddress_withoutHostOrValidPort() {
        assertThatThrownBy(() -> new BrokerAddress("10911")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerAddress(":10911")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerAddress("host:")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerAddress("host:65536")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerAddress("host:port")).isInstanceOf(InvalidRouteDataException.class);
    }

    @Test
    void rejectsBlankNamesAndNegativeIds() {
        assertThatThrownBy(() -> new ClusterName(" ")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerName("")).isInstanceOf(InvalidRouteDataException.class);
        assertThatThrownBy(() -> new BrokerId(-1)).isInstanceOf(InvalidRouteDataException.class);
        assertThat(new BrokerId(0).isMaster()).isTrue();
    }
}
