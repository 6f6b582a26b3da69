package io.hexmq.domain.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class SourceRangeTest {

    @Test
    void containsOneAddress_orARange() throws Exception {
        assertThat(SourceRange.parse("127.0.0.1").contains(InetAddress.getByName("127.0.0.1"))).isTrue();
        assertThat(SourceRange.parse("127.0.0.1").contains(InetAddress.getByName("127.0.0.2"))).isFalse();
        assertThat(SourceRange.parse("192.168.4.0/22").contains(InetAddress.getByName("192.168.7.255"))).isTrue();
        assertThat(SourceRange.parse("192.168.4.0/22").contains(InetAddress.getByName("192.168.8.0"))).isFalse();
        assertThat(SourceRange.parse("0.0.0.0/0").contains(InetAddress.getByName("8.8.8.8"))).isTrue();
        assertThat(SourceRange.parse("::1").contains(InetAddress.getByName("::1"))).isTrue();
        assertThat(SourceRange.parse("::1").contains(InetAddress.getByName("127.0.0.1"))).isFalse();
    }

    @Test
    void rejectsHostNamesAndBadPrefixes() {
        assertThatThrownBy(() -> SourceRange.parse("example.com")).isInstanceOf(InvalidAuthDataException.class);
        assertThatThrownBy(() -> SourceRange.parse("10.0.0.0/33")).isInstanceOf(InvalidAuthDataException.class);
        assertThatThrownBy(() -> SourceRange.parse("10.0.0.0/x")).isInstanceOf(InvalidAuthDataException.class);
    }
}
