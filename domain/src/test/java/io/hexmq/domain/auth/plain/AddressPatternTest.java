package io.hexmq.domain.auth.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.auth.InvalidAuthDataException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class AddressPatternTest {

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean matches(String pattern, String address) {
        return AddressPattern.parse(pattern).matches(ip(address));
    }

    @Test
    void blankMatchesNoAddress() {
        assertThat(matches("", "127.0.0.1")).isFalse();
        assertThat(AddressPattern.parse(null).isNone()).isTrue();
        assertThat(AddressPattern.parse("   ").matches(ip("::1"))).isFalse();
    }

    @Test
    void anAsteriskInAnyOfItsSpellingsMatchesEveryAddress() {
        assertThat(matches("*", "10.1.2.3")).isTrue();
        assertThat(matches("*.*.*.*", "192.168.0.1")).isTrue();
        assertThat(matches("*:*:*:*:*:*:*:*", "::1")).isTrue();
    }

    @Test
    void aLiteralMatchesThatAddressOnly() {
        assertThat(matches("192.168.1.7", "192.168.1.7")).isTrue();
        assertThat(matches("192.168.1.7", "192.168.1.8")).isFalse();
        assertThat(matches("::1", "0:0:0:0:0:0:0:1")).isTrue();
        assertThat(matches("::1", "127.0.0.1")).isFalse();
    }

    @Test
    void asteriskPartsMatchAnyValueOfThatPart() {
        assertThat(matches("192.168.*.*", "192.168.200.9")).isTrue();
        assertThat(matches("192.168.*.*", "192.169.0.1")).isFalse();
        assertThat(matches("10.*.*.*", "10.255.255.255")).isTrue();
    }

    @Test
    void aRangePartMatchesItsBoundsAndWhatLiesBetween() {
        assertThat(matches("192.168.1.1-100", "192.168.1.1")).isTrue();
        assertThat(matches("192.168.1.1-100", "192.168.1.100")).isTrue();
        assertThat(matches("192.168.1.1-100", "192.168.1.101")).isFalse();
        assertThat(matches("192.168.1-2.*", "192.168.2.77")).isTrue();
    }

    @Test
    void bracesListTheLastPartsAlternatives() {
        assertThat(matches("192.168.1.{1,2,3}", "192.168.1.2")).isTrue();
        assertThat(matches("192.168.1.{1,2,3}", "192.168.1.4")).isFalse();
    }

    @Test
    void aCommaListMatchesEachOfItsAddresses() {
        assertThat(matches("10.0.0.1,10.0.0.2", "10.0.0.2")).isTrue();
        assertThat(matches("10.0.0.1, 10.0.0.*", "10.0.0.9")).isTrue();
        assertThat(matches("10.0.0.1,10.0.0.2", "10.0.0.3")).isFalse();
    }

    @Test
    void keepsTheTextAsWritten_forWritingTheFileBack() {
        assertThat(AddressPattern.parse(" 192.168.1.{1,2} ").text()).isEqualTo("192.168.1.{1,2}");
        assertThat(AddressPattern.parse("*").text()).isEqualTo("*");
    }

    @Test
    void refusesWhatTheNotationDoesNotHave() {
        for (String bad : new String[] {"10.0.0.0/8", "192.168.1", "192.168.1.300", "192.168.1.9-3", "host.example",
                "192.168.1.{1,2", "192.168.{1,2}.1", "a.b.c.d", "1.2.3.4.5"}) {
            assertThatThrownBy(() -> AddressPattern.parse(bad)).as(bad).isInstanceOf(InvalidAuthDataException.class)
                    .hasMessageContaining(bad);
        }
    }
}
